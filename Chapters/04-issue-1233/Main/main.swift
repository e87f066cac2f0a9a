// The chapter's own executable: `swift run ch04-issue-1233`. The lab lives in ../Lab.
import Chapter04
import Foundation
import WorkbookSupport

exit(ChapterMain.run(Chapter.self, arguments: Array(CommandLine.arguments.dropFirst())))
