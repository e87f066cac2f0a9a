// The chapter's own executable: `swift run ch10-lifetimes`. The lab lives in ../Lab.
import Chapter10
import Foundation
import WorkbookSupport

exit(ChapterMain.run(Chapter.self, arguments: Array(CommandLine.arguments.dropFirst())))
