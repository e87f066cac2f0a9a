// The chapter's own executable: `swift run ch05-ceil-dates`. The lab lives in ../Lab.
import Chapter05
import Foundation
import WorkbookSupport

exit(ChapterMain.run(Chapter.self, arguments: Array(CommandLine.arguments.dropFirst())))
