// The chapter's own executable: `swift run ch06-maybe-cached`. The lab lives in ../Lab.
import Chapter06
import Foundation
import WorkbookSupport

exit(ChapterMain.run(Chapter.self, arguments: Array(CommandLine.arguments.dropFirst())))
