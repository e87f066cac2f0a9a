// `workbook`: the table of contents, the chapter runner and the exercise checker.
// Argument parsing is written here (the workbook takes no packages): see Commands.swift.

import Foundation
import WorkbookSupport

exit(Workbook.main(Array(CommandLine.arguments.dropFirst())))
