// The chapter's own executable: `swift run ch02-kfd-wrapper`. The lab lives in ../Lab.
import Chapter02
import Foundation
import WorkbookSupport

exit(ChapterMain.run(Chapter.self, arguments: Array(CommandLine.arguments.dropFirst())))
