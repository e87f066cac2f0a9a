// The chapter's own executable: `swift run ch01-namespace-enums`. The lab lives in ../Lab.
import Chapter01
import Foundation
import WorkbookSupport

exit(ChapterMain.run(Chapter.self, arguments: Array(CommandLine.arguments.dropFirst())))
