// The chapter's own executable: `swift run ch08-hybrid-cache`. The lab lives in ../Lab.
import Chapter08
import Foundation
import WorkbookSupport

exit(ChapterMain.run(Chapter.self, arguments: Array(CommandLine.arguments.dropFirst())))
