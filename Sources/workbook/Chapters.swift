// The chapters `workbook NN` runs in-process.

import Chapter01
import Chapter02
import Chapter03
import Chapter04
import Chapter05
import Chapter06
import Chapter07
import Chapter08
import Chapter09
import Chapter10
import WorkbookSupport

enum ChapterPrograms {
    static var all: [Int: any ChapterProgram.Type] { [
        1: Chapter01.Chapter.self, 2: Chapter02.Chapter.self, 3: Chapter03.Chapter.self,
        4: Chapter04.Chapter.self, 5: Chapter05.Chapter.self, 6: Chapter06.Chapter.self,
        7: Chapter07.Chapter.self, 8: Chapter08.Chapter.self, 9: Chapter09.Chapter.self,
        10: Chapter10.Chapter.self,
    ] }
}
