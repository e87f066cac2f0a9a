// The chapter's own executable: `swift run ch07-lock-vs-queue`. The lab lives in ../Lab.
import Chapter07
import Foundation
import WorkbookSupport

exit(ChapterMain.run(Chapter.self, arguments: Array(CommandLine.arguments.dropFirst())))
