// The chapter's own executable: `swift run ch03-config-queue`. The lab lives in ../Lab.
import Chapter03
import Foundation
import WorkbookSupport

exit(ChapterMain.run(Chapter.self, arguments: Array(CommandLine.arguments.dropFirst())))
