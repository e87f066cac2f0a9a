// The chapter's own executable: `swift run ch09-three-caches`. The lab lives in ../Lab.
import Chapter09
import Foundation
import WorkbookSupport

exit(ChapterMain.run(Chapter.self, arguments: Array(CommandLine.arguments.dropFirst())))
