// The workbook's own words, in English and Korean: one table for everything the manifest
// (workbook.json: titles, summaries, hints) does not hold. A Korean string that is missing falls
// back to the English one; Tests/ExerciseTests/KoreanTests.swift fails when a key has no Korean,
// or when the two sides do not take the same placeholders.
//
// A template's values are `{1}`, `{2}`, … (each language puts them where its word order wants).

/// The table, and the one function that reads it.
public enum Strings {
    public enum Key: String, CaseIterable, Sendable {
        // --lang
        case langMissing, langUnknown
        // Commands: errors
        case errorNotInProgram, errorNoChapter, errorUnknownWord, didYouMean, didYouMeanFlag
        case errorTakesNoneOne, errorTakesNoneMany, errorTakesAtMostOne, errorTakesAtMostMany
        case errorNoExercise, errorNoHelp, errorNotInWorkbook, errorNoSwift
        // list
        case listTitle, listRun, statusDone, statusToDo, statusChanged, statusMissing, statusUnchecked
        case listDone, listMissing, listNext, listAllDone
        // next
        case nextAllDone, nextMissing, nextEdit, nextCommands
        // hint
        case hintNoneNeeded, hintEdit, hintLine, hintAskAgain, hintLast
        // reset
        case errorResetFlag, errorResetWhich, errorResetNoExercise, errorResetNeedsYes, errorResetShipped, errorResetWrite
        case resetPrompt, resetKept, resetRestoredMissing, resetRestored
        // check
        case checkGenerated, checkAllDone, checkTally, checkNext, errorCheckPackage, tickerChecking, firstBuildLibrary, firstBuildProgram
        case verdictDone, verdictToDo, verdictTimedOut, verdictGlue, verdictCrash, verdictMissing, verdictNoCompile, verdictNotChecked
        case checkMessagesNote, missingNothing, missingRestore, crashDied, crashConcurrency, crashUnowned, crashExclusivity, crashRuntimeSaid, hungStopped, hungCauses, endedEarly
        case notBuilt, reportEdit, reportHint, errorSelectNoChapter, errorSelectUnknown, warningNotRecorded
        case tickerSanitizer, tsanFirstBuild, tsanClean, tsanElsewhere, tsanUnavailable, tsanNotUsable
        // watch
        case watchBanner, watchAllDone, watchMovingOn
        // help
        case helpMain, helpCheck, helpWatch, helpNext, helpHint, helpReset, helpVerify, helpMutants, helpList, helpHelp
        // a chapter's report
        case chapterBanner, chapterQuickRun, chapterSummary, chapterSummaryQuick, chapterNothingMeasured
        case chapterWhereToRead, chapterTryIt, chapterNoExercise, chapterHintCommand, chapterNotes
        case chapterHelp, errorChapterStopped, errorSeedMissing, errorSeedNotNumber, errorUnknownOption
        // the loop: interrupts, folders that cannot be written, protected lines, backups, the list's legend
        case interrupted, errorCannotWrite, watchStopped, glueLineChanged, glueLineRemoved, glueLineAdded, glueUndo, glueEarlierVersion, glueCarryOver
        case resetKeptCopy, listLegend, crashWhile, compileMore, fileNotFolder
    }

    /// The text for `key` in `language` with `values` in its placeholders; English when the
    /// language has no text for it.
    public static func text(_ key: Key, _ values: any CustomStringConvertible..., in language: Language = .current) -> String {
        let template = (language == .ko ? korean[key] : nil) ?? english[key] ?? key.rawValue
        return fill(template, values.map(\.description))
    }

    /// `template` with `{n}` replaced by `values[n - 1]`.
    static func fill(_ template: String, _ values: [String]) -> String {
        var text = template
        // Last first, so {1} never eats the start of {10}. By index, not `enumerated().reversed()`:
        // EnumeratedSequence is a Collection only in Swift 6.1's standard library (macOS 15.4).
        for index in values.indices.reversed() {
            text = text.replacingOccurrences(of: "{\(index + 1)}", with: values[index])
        }
        return text
    }

    /// The placeholders a template takes, for the tests: {1}, {2}, …
    public static func placeholders(_ template: String) -> Set<String> {
        var found: Set<String> = []
        for number in 1...9 where template.contains("{\(number)}") { found.insert("{\(number)}") }
        return found
    }

    /// The English table: what the workbook printed before it spoke Korean, word for word.
    public static let english: [Key: String] = [
        .langMissing: "--lang needs a language after it: en or ko",
        .langUnknown: "--lang takes en or ko (not '{1}')",
        .errorNotInProgram: "error: chapter {1} is in workbook.json but not in this workbook program "
            + "(Sources/workbook/Chapters.swift); run it with: swift run {2}",
        .errorNoChapter: "error: there is no chapter {1}: the chapters are {2}.\nRun 'swift run workbook' to see them.",
        .errorUnknownWord: "error: '{1}' is neither a command nor a chapter.{2}\n"
            + "Run 'swift run workbook' for the chapters, 'swift run workbook --help' for the commands.",
        .didYouMean: " Did you mean '{1}'?",
        .didYouMeanFlag: " Did you mean {1}?",
        .errorTakesNoneOne: "error: '{1}' takes no arguments; {2} is extra. See: swift run workbook help {1}",
        .errorTakesNoneMany: "error: '{1}' takes no arguments; {2} are extra. See: swift run workbook help {1}",
        .errorTakesAtMostOne: "error: '{1}' takes at most {3} argument; {2} is extra. See: swift run workbook help {1}",
        .errorTakesAtMostMany: "error: '{1}' takes at most {3} argument; {2} are extra. See: swift run workbook help {1}",
        .errorNoExercise: "error: no exercise named '{1}'.{2} 'swift run workbook list' shows them all.",
        .errorNoHelp: "error: no help for '{1}': it is not a command.{2} The commands: {3}.",
        .errorNotInWorkbook: "error: run this inside the workbook's folder (no Package.swift of CacheWorkbook found above {1})",
        .errorNoSwift: "error: no 'swift' on PATH",

        .listTitle: "Cache Workbook — Kingfisher's cache, rebuilt, run and broken on purpose",
        .listRun: "    run: swift run workbook {1}   (or: swift run {2})  ·  notes: {3}/README.md",
        .statusDone: "done     ",
        .statusToDo: "to do    ",
        .statusChanged: "changed  ",
        .statusMissing: "missing  ",
        .statusUnchecked: "unchecked",
        .listDone: "Exercises done: {1} of {2} (checked against the files as they are now).",
        .listMissing: "Missing: {1}. Restore it as shipped: swift run workbook reset {2}",
        .listNext: "Next: {1} — edit {2}, then: swift run workbook check   (or: swift run workbook watch)",
        .listAllDone: "Next: every exercise is done. Read the chapters' questions for the group, or run: swift run workbook 08",

        .nextAllDone: "Every exercise is done ({1} of {1}).",
        .nextMissing: "Its file {1} is missing. Restore it as shipped: swift run workbook reset {2}",
        .nextEdit: "Edit:  {1}   (the header says what to do; // TODO: marks where)",
        .nextCommands: "Check: swift run workbook check     Watch: swift run workbook watch     Hint: swift run workbook hint",

        .hintNoneNeeded: "Every exercise is done: no hint needed.",
        .hintEdit: "Edit:  {1}",
        .hintLine: "Hint {1} of {2}: {3}",
        .hintAskAgain: "Ask again for the next hint: swift run workbook hint {1}",
        .hintLast: "That was the last hint. After a real try, the reference solution is {1}.",

        .errorResetFlag: "error: unknown option '{1}' for reset.{2} See: swift run workbook help reset",
        .errorResetWhich: "error: which exercise? e.g. swift run workbook reset 04-reconcile-keys   ('swift run workbook list' shows them)",
        .errorResetNoExercise: "error: there is no exercise named '{1}'.{2} 'swift run workbook list' shows them all.",
        .errorResetNeedsYes: "error: reset replaces {1} (your version is kept in .workbook-backups/); add --yes to do it without asking",
        .errorResetShipped: "error: the shipped copy {1} cannot be read, so there is nothing to restore from "
            + "({2}). Get it back with: git checkout -- {1}",
        .errorResetWrite: "error: could not write {1}: {2}",
        .resetPrompt: "Restore {1} to the shipped version? Your version will be kept in .workbook-backups/. [y/N] ",
        .resetKept: "Kept your file.",
        .resetRestoredMissing: "Restored {1}, which was missing: it is the shipped version again.",
        .resetRestored: "Restored {1} as shipped. Its last check and the hints seen are forgotten.",

        .checkAllDone: "All {1} exercises are done. 'swift run workbook check all' checks them again.",
        .checkTally: "{1} of {2} done.",
        .checkGenerated: "{1} generated cases gave the reference's answers (seed {2}; --seed N tries other cases)",
        .checkNext: "Next: {1} — {2}. Edit {3}, then: swift run workbook check",
        .errorCheckPackage: "error: cannot write the check package in {1}: {2}",
        .tickerChecking: "checking {1}{2}",
        .firstBuildLibrary: " (the first check also builds the workbook's library, so it takes longer)",
        .firstBuildProgram: " (building its check program for the first time)",
        .verdictDone: "✔ done ",
        .verdictToDo: "✘ to do",
        .verdictTimedOut: "✘ did not finish",
        .verdictGlue: "✘ glue ",
        .verdictCrash: "✘ crash",
        .verdictMissing: "✘ missing",
        .verdictNoCompile: "✘ does not compile",
        .verdictNotChecked: "✘ not checked",
        .checkMessagesNote: "",
        .missingNothing: "its file {1} is not there: nothing to check.",
        .missingRestore: "restore it as shipped: swift run workbook reset {1}",
        .crashDied: "the check's run of your code died of {1}",
        .tickerSanitizer: "checking {1} again under ThreadSanitizer{2}",
        .tsanFirstBuild: " (its first build compiles the library again with the sanitizer, once: 89 s measured here, see docs/CHECKS.md)",
        .tsanClean: "ThreadSanitizer also watched one run of the check and saw no data race in it (it sees only the races that happen in the run it watches).",
        .tsanElsewhere: "ThreadSanitizer reported {1} race(s) only inside the workbook's own probes, none in your file: not counted.",
        .tsanUnavailable: "{1}: this check ran without ThreadSanitizer.",
        .tsanNotUsable: "ThreadSanitizer could not be used here, so this check ran without it ({1})",
        .crashConcurrency: ": in a concurrency exercise a crash can come from a data race (two threads changing one value) or from an object used after it was freed (an unowned reference); the lines below say where it stopped.",
        .crashUnowned: ": an object was read through an `unowned` reference after it had been freed (the Swift runtime says so below): a block or timer that runs after its owner let go cannot use `[unowned self]`.",
        .crashRuntimeSaid: ": the Swift runtime stopped it, and says why on the first line below (the lines after it say where).",
        .crashExclusivity: ": Swift's exclusivity check stopped it (the runtime says so below): a variable was changed while an earlier access to it — an `inout` argument or a mutating call still in progress — had not ended. Two accesses of one variable overlapped: look for a variable both of them reach, such as state kept outside the instance (a `static` or a global).",
        .hungStopped: "the check program did not finish and was stopped. Something in your code never ends:",
        .hungCauses: "a lock never released, a sync onto a busy queue (or the queue you are on), or a loop that never ends.",
        .endedEarly: "the check program ended ({1}) before it gave its verdict: something it ran ended the process (an exit() call, for one)",
        .notBuilt: ": the check program could not be built",
        .reportEdit: "edit {1}",
        .reportHint: "hint: swift run workbook hint {1}",
        .errorSelectNoChapter: "error: there is no chapter {1}: the chapters are {2}. 'swift run workbook list' shows their exercises.",
        .errorSelectUnknown: "error: no chapter with exercises or exercise named '{1}'.{2}",
        .warningNotRecorded: "warning: your progress was not recorded: {1}",

        .watchBanner: "Watching — save your file to check it again; Ctrl-C to stop.",
        .watchAllDone: "All {1} exercises are done.",
        .watchMovingOn: "Moving on to {1} — {2}.",

        .helpMain: """
            Cache Workbook — Kingfisher's cache layer rebuilt, run and broken on purpose.

            USAGE: swift run workbook [COMMAND]

            COMMANDS:
              (none), list            the chapters and exercises, with your progress
              NN [--quick] [--json] [--seed N]
                                      run chapter NN ({1}), as swift run chNN-<slug>;
                                      --seed N repeats its random inputs (not timing)
              next                    the next exercise to do
              check [all|NN|EXERCISE] check your exercise file(s); none: the current one
              watch [EXERCISE]        check again on every save; move on when it passes
              hint [EXERCISE]         one more hint each time you ask
              reset EXERCISE [--yes]  restore the exercise file as shipped
              verify                  prove the solutions pass and every stub, near-miss
                                      and mutant fails (CI)
              mutants EXERCISE        the mutants verify tries on a reference solution
              help COMMAND            help for one command; NN --help for a chapter's flags

            Colour is used on a terminal only, never with NO_COLOR set. Tests: swift test.
            한국어: --lang ko (or LANG=ko_KR.UTF-8); --lang en for English.
            """,
        .helpCheck: """
            USAGE: swift run workbook check [all | NN | EXERCISE] [--seed N]

            Builds your exercise file on its own and runs its check: done, to do (with the first thing
            that is wrong), does not compile (with the compiler's message), crashed, did not finish,
            or missing (the file is gone: reset restores it).
            A concurrency exercise that passes is checked once more under ThreadSanitizer, which names
            your lines in any data race it sees (its first build compiles the library again: 89 s measured
            on a busy 2-core Linux machine, once; docs/CHECKS.md has the times; KFD_CHECK_TSAN=0 skips it).
            With no argument: the current exercise (the first not done). 'all': every exercise.
            The value exercises also run your code and a reference on thousands of generated inputs
            and show the smallest one where they differ; the inputs come from a fixed seed, so the
            verdict is the same on every run. --seed N draws other inputs.
            A broken file only ever fails its own check: nothing else is built from it.
            Examples: swift run workbook check · swift run workbook check 04 · swift run workbook check 05-cache-time
            """,
        .helpWatch: """
            USAGE: swift run workbook watch [EXERCISE]

            Checks the current exercise (or EXERCISE), then again each time you save its file; once it
            passes, moves on to the next exercise not done. Ctrl-C stops.
            """,
        .helpNext: "USAGE: swift run workbook next\n\nThe first exercise not done yet: its file and how to check it.",
        .helpHint: """
            USAGE: swift run workbook hint [EXERCISE]

            One more hint each time you ask (those already seen are shown too), for EXERCISE or the
            current one. Hints point the way; none is the answer.
            """,
        .helpReset: """
            USAGE: swift run workbook reset EXERCISE [--yes]

            Restores the exercise file as shipped (from Tests/Exercises/shipped/), after asking;
            --yes does not ask. Your version is kept first, in .workbook-backups/ (its name is printed).
            A deleted file is simply restored. The exercise is no longer done and its hints count again
            from the first.
            Example: swift run workbook reset 01-cache-key --yes
            """,
        .helpVerify: """
            USAGE: swift run workbook verify [NN | EXERCISE] [--verbose] [--no-mutants] [--seed N]
                                             [--seeds N] [--repeat N] [--busy]

            What CI runs: every reference solution passes its check, every shipped stub fails it, and
            every near-miss (Tests/Exercises/near-misses/<id>/, a plausible wrong answer each) fails it;
            the concurrency exercises' solutions run clean under ThreadSanitizer; and every mutant of
            each reference solution that compiles (a statement left out, doubled, swapped, moved out of
            its lock, a hop through a global queue, a boundary moved, …) fails its check, unless it is
            listed as equivalent, with its reason, in Tests/Exercises/equivalent-mutants/<id>.txt.
            --verbose says why each stub, near-miss and mutant was rejected; --no-mutants skips them;
            --seed N runs every check on generated inputs drawn from seed N instead of its own;
            --seeds N runs each check that generates inputs again under seeds 1 to N, and calls a
            verdict that changes a problem.
            --repeat N runs every check N times and calls a verdict or first message that changes a
            problem; --busy keeps every core busy with spinning threads meanwhile (a loaded machine).
            swift run workbook mutants EXERCISE [DIGEST] lists an exercise's mutants, or shows one.
            """,
        .helpMutants: """
            USAGE: swift run workbook mutants EXERCISE [DIGEST]

            The mutants of EXERCISE's reference solution (for whoever writes or strengthens a check),
            each with its id and its change; with DIGEST, that mutant's change in full.
            """,
        .helpList: """
            USAGE: swift run workbook list

            The chapters and exercises, with your progress: done, to do, changed (edited since its
            last check), unchecked, or missing (the file is gone: reset restores it).
            """,
        .helpHelp: "USAGE: swift run workbook help [COMMAND]\n\nThe commands, or one command's help.",

        .chapterBanner: "Chapter {1} · {2}",
        .chapterQuickRun: " · quick run",
        .chapterSummary: "In short (this run: seed {1}, {2})",
        .chapterSummaryQuick: "In short (this run: seed {1}, quick, {2})",
        .chapterNothingMeasured: "(nothing measured)",
        .chapterWhereToRead: "Where to read",
        .chapterTryIt: "Try it yourself",
        .chapterNoExercise: "no coded exercise for this chapter: take the questions at the end of the notes",
        .chapterHintCommand: "(hint: swift run workbook hint {1})",
        .chapterNotes: "the notes: {1}/README.md",
        .chapterHelp: """
            {1} — Chapter {2}: {3}
            {4}

            USAGE: swift run {1} [--quick] [--json] [--seed N]
                   swift run workbook {5} [--quick] [--json] [--seed N]

            OPTIONS:
              --quick     small sizes, a few seconds (what CI runs)
              --json      print only the measured figures, as one JSON object
              --seed N    seed for everything random (default 1233); printed in the report
              --help      this text

            Notes for the study group: {6}/README.md
            """,
        .errorChapterStopped: "error: chapter {1} stopped: {2}",
        .errorSeedMissing: "--seed needs a number after it, e.g. --seed 42",
        .errorSeedNotNumber: "--seed must be a whole number, 0 or more (not '{1}'), e.g. --seed 42",
        .errorUnknownOption: "unknown option '{1}'.{2} See --help.",

        .interrupted: "stopped: the check program and any build it was waiting for were stopped too.",
        .errorCannotWrite: "error: cannot write {1} ({2}). A check builds your file's check program there. "
            + "Make the workbook folder writable again (chmod -R u+w {3}), or build the checks in a folder you can write: "
            + "KFD_CHECK_BUILD_DIR=/a/writable/folder swift run workbook check",
        .watchStopped: "watch stopped: nothing can be checked until this is fixed.",
        .glueLineChanged: "line {1} is a DO NOT EDIT line, and it was changed. As shipped: `{2}` — yours: `{3}`",
        .glueLineRemoved: "a DO NOT EDIT line is gone (it was after line {1}): `{2}`",
        .glueLineAdded: "line {1} was added among the DO NOT EDIT lines: `{2}`",
        .glueUndo: "the check calls your code through those lines: undo that edit (swift run workbook reset {1} restores "
            + "the whole file and keeps a copy of yours).",
        .glueEarlierVersion: "your file's DO NOT EDIT lines are the ones an earlier version of the workbook shipped; this "
            + "version changed them, so the check cannot call your code through them. You did not edit them.",
        .glueCarryOver: "swift run workbook reset {1} gives you the new file and keeps yours in .workbook-backups/; "
            + "carry your answer over into the new file.",
        .resetKeptCopy: "Your version was kept as {1}.",
        .listLegend: "done: passed, and the file is still the one that passed · to do: checked, not passing yet · "
            + "changed: edited since its last check · unchecked: not checked yet · missing: the file is gone",
        .crashWhile: "it crashed while the check ran line {1} of {2}: {3}",
        .compileMore: "… and {1} more in your file (fix these first: the first error often causes the others)",
        .fileNotFolder: "{1} is a file, not a folder",
    ]

    /// The Korean table: the same keys, written for Korean iOS developers (identifiers, commands
    /// and paths as they are).
    public static let korean: [Key: String] = [
        .langMissing: "--lang 뒤에 언어가 필요합니다: en 또는 ko",
        .langUnknown: "--lang은 en 또는 ko만 받습니다 (받은 값: '{1}')",
        .errorNotInProgram: "error: {1}장은 workbook.json에는 있지만 이 workbook 프로그램(Sources/workbook/Chapters.swift)에는 "
            + "없습니다. 이렇게 실행하세요: swift run {2}",
        .errorNoChapter: "error: {1}장은 없습니다. 장은 {2}입니다.\n'swift run workbook'으로 목록을 보세요.",
        .errorUnknownWord: "error: '{1}': 명령도 장도 아닙니다.{2}\n"
            + "장 목록은 'swift run workbook', 명령 목록은 'swift run workbook --help'로 보세요.",
        .didYouMean: " 혹시 '{1}'인가요?",
        .didYouMeanFlag: " 혹시 {1}인가요?",
        .errorTakesNoneOne: "error: '{1}' 명령은 인자를 받지 않습니다. 남는 인자: {2}. 참고: swift run workbook help {1}",
        .errorTakesNoneMany: "error: '{1}' 명령은 인자를 받지 않습니다. 남는 인자: {2}. 참고: swift run workbook help {1}",
        .errorTakesAtMostOne: "error: '{1}' 명령은 인자를 {3}개까지만 받습니다. 남는 인자: {2}. 참고: swift run workbook help {1}",
        .errorTakesAtMostMany: "error: '{1}' 명령은 인자를 {3}개까지만 받습니다. 남는 인자: {2}. 참고: swift run workbook help {1}",
        .errorNoExercise: "error: 이름이 '{1}'인 연습문제는 없습니다.{2} 전체 목록은 'swift run workbook list'로 보세요.",
        .errorNoHelp: "error: '{1}': 명령이 아니라서 도움말이 없습니다.{2} 명령: {3}.",
        .errorNotInWorkbook: "error: workbook 폴더 안에서 실행하세요 ({1}부터 위로 CacheWorkbook의 Package.swift가 없습니다)",
        .errorNoSwift: "error: PATH에 'swift'가 없습니다",

        .listTitle: "Cache Workbook — Kingfisher의 캐시를 다시 만들고, 돌려 보고, 일부러 망가뜨린다",
        .listRun: "    실행: swift run workbook {1}   (또는: swift run {2})  ·  노트: {3}/README.ko.md",
        .statusDone: "완료     ",
        .statusToDo: "할 일    ",
        .statusChanged: "바뀜     ",
        .statusMissing: "없음     ",
        .statusUnchecked: "미확인   ",
        .listDone: "푼 연습문제: {2}개 중 {1}개 (지금 파일 기준으로 확인).",
        .listMissing: "없음: {1}. 처음 상태로 되돌리기: swift run workbook reset {2}",
        .listNext: "다음: {1} — {2} 파일을 고친 뒤: swift run workbook check   (또는: swift run workbook watch)",
        .listAllDone: "다음: 연습문제를 모두 풀었습니다. 각 장의 스터디 질문을 읽거나 이걸 실행해 보세요: swift run workbook 08",

        .nextAllDone: "연습문제를 모두 풀었습니다 ({1}개 중 {1}개).",
        .nextMissing: "파일이 없습니다: {1}. 처음 상태로 되돌리기: swift run workbook reset {2}",
        .nextEdit: "고칠 파일:  {1}   (할 일은 파일 머리 주석에, 고칠 곳은 // TODO: 에 있습니다)",
        .nextCommands: "확인: swift run workbook check     감시: swift run workbook watch     힌트: swift run workbook hint",

        .hintNoneNeeded: "연습문제를 모두 풀었습니다: 힌트가 필요 없습니다.",
        .hintEdit: "고칠 파일:  {1}",
        .hintLine: "힌트 {1}/{2}: {3}",
        .hintAskAgain: "다음 힌트는 한 번 더 물어보세요: swift run workbook hint {1}",
        .hintLast: "마지막 힌트였습니다. 충분히 시도해 본 뒤라면, 참고 답안은 {1}에 있습니다.",

        .errorResetFlag: "error: reset에는 '{1}' 옵션이 없습니다.{2} 참고: swift run workbook help reset",
        .errorResetWhich: "error: 어떤 연습문제인가요? 예: swift run workbook reset 04-reconcile-keys   ('swift run workbook list'에 목록이 있습니다)",
        .errorResetNoExercise: "error: 이름이 '{1}'인 연습문제는 없습니다.{2} 전체 목록은 'swift run workbook list'로 보세요.",
        .errorResetNeedsYes: "error: reset은 {1} 파일을 덮어씁니다(여러분의 파일은 .workbook-backups/에 남습니다). 묻지 않고 하려면 --yes를 붙이세요",
        .errorResetShipped: "error: 배포본 {1} 파일을 읽을 수 없어 되돌릴 원본이 없습니다 ({2}). "
            + "이렇게 복구하세요: git checkout -- {1}",
        .errorResetWrite: "error: {1} 파일을 쓸 수 없습니다: {2}",
        .resetPrompt: "{1} 파일을 처음 배포된 상태로 되돌릴까요? 여러분의 파일은 .workbook-backups/에 남겨 둡니다. [y/N] ",
        .resetKept: "파일을 그대로 두었습니다.",
        .resetRestoredMissing: "없던 {1} 파일을 되살렸습니다: 처음 배포된 상태입니다.",
        .resetRestored: "{1} 파일을 처음 배포된 상태로 되돌렸습니다. 마지막 확인 결과와 본 힌트 기록은 지웠습니다.",

        .checkAllDone: "연습문제 {1}개를 모두 풀었습니다. 다시 확인하려면: swift run workbook check all",
        .checkTally: "{2}개 중 {1}개 완료.",
        .checkGenerated: "생성한 입력 {1}개에서 참고 답안과 같은 답 (seed {2}; --seed N으로 다른 입력을 시도)",
        .checkNext: "다음: {1} — {2}. {3} 파일을 고친 뒤: swift run workbook check",
        .errorCheckPackage: "error: {1}에 확인용 패키지를 쓸 수 없습니다: {2}",
        .tickerChecking: "{1} 확인 중{2}",
        .firstBuildLibrary: " (첫 확인은 workbook 라이브러리도 빌드하므로 더 오래 걸립니다)",
        .firstBuildProgram: " (이 확인 프로그램을 처음 빌드하는 중)",
        .verdictDone: "✔ 완료",
        .verdictToDo: "✘ 할 일",
        .verdictTimedOut: "✘ 끝나지 않음",
        .verdictGlue: "✘ 고치면 안 되는 줄을 고침",
        .verdictCrash: "✘ 크래시",
        .verdictMissing: "✘ 파일 없음",
        .verdictNoCompile: "✘ 컴파일 안 됨",
        .verdictNotChecked: "✘ 확인 못 함",
        .checkMessagesNote: "아직 한국어로 옮기지 않은 메시지 (영어 원문):",
        .missingNothing: "파일이 없어서 확인할 것이 없습니다: {1}",
        .missingRestore: "처음 상태로 되돌리기: swift run workbook reset {1}",
        .crashDied: "확인 프로그램이 돌린 여러분의 코드가 죽었습니다 (시그널: {1})",
        .tickerSanitizer: "{1}을(를) ThreadSanitizer로 한 번 더 확인하는 중{2}",
        .tsanFirstBuild: " (처음 한 번은 라이브러리를 sanitizer와 함께 다시 빌드합니다: 여기서 측정한 값은 89 s, docs/CHECKS.ko.md 참고)",
        .tsanClean: "ThreadSanitizer도 확인을 한 번 지켜봤고, 그 실행에서는 데이터 레이스가 보이지 않았습니다(지켜본 실행에서 일어난 데이터 레이스만 봅니다).",
        .tsanElsewhere: "ThreadSanitizer가 데이터 레이스 {1}건을 보고했지만 모두 워크북 자체의 probe 안이고, 여러분의 파일에는 없습니다: 감점하지 않습니다.",
        .tsanUnavailable: "{1}: 이번 확인은 ThreadSanitizer 없이 했습니다.",
        .tsanNotUsable: "여기서는 ThreadSanitizer를 쓸 수 없어 이번 확인은 그것 없이 했습니다 ({1})",
        .crashConcurrency: ": 동시성 연습문제에서는 데이터 레이스(두 스레드가 한 값을 동시에 바꿈)나 이미 해제된 객체를 쓴 경우(unowned 참조)에 이렇게 죽을 수 있습니다. 멈춘 곳은 아래 줄들에 있습니다.",
        .crashUnowned: ": 이미 해제된 객체를 `unowned` 참조로 읽었습니다 (아래 Swift 런타임의 메시지): 소유자가 놓은 뒤에 실행되는 블록이나 timer에서는 `[unowned self]`를 쓸 수 없습니다.",
        .crashRuntimeSaid: ": Swift 런타임이 프로그램을 멈췄고, 그 이유는 아래 첫 줄에 있습니다 (그다음 줄들은 멈춘 곳을 보여 줍니다).",
        .crashExclusivity: ": Swift의 배타적 접근 검사가 프로그램을 멈췄습니다 (아래 런타임의 메시지): 어떤 변수에 대한 앞선 접근(아직 진행 중인 `inout` 인자나 mutating 호출)이 끝나기 전에 그 변수가 바뀌었습니다. 한 변수에 대한 두 접근이 겹친 것입니다: 두 접근이 모두 닿는 변수, 예컨대 인스턴스 밖에 둔 상태(`static`이나 전역 변수)를 찾아보세요.",
        .hungStopped: "확인 프로그램이 끝나지 않아서 워크북이 중단시켰습니다. 코드 어딘가가 끝나지 않습니다:",
        .hungCauses: "풀리지 않는 lock, 바쁜 큐(또는 지금 있는 큐)로의 sync, 끝나지 않는 루프 중 하나입니다.",
        .endedEarly: "확인 프로그램이 판정을 내기 전에 끝났습니다 ({1}): 프로그램이 실행한 코드 어딘가가 프로세스를 끝냈습니다 (예: exit() 호출)",
        .notBuilt: ": 확인 프로그램을 빌드하지 못했습니다",
        .reportEdit: "고칠 파일: {1}",
        .reportHint: "힌트: swift run workbook hint {1}",
        .errorSelectNoChapter: "error: {1}장은 없습니다. 장은 {2}입니다. 장별 연습문제는 'swift run workbook list'로 보세요.",
        .errorSelectUnknown: "error: 이름이 '{1}'인 연습문제도, 연습문제가 있는 장도 없습니다.{2}",
        .warningNotRecorded: "warning: 진행 상황을 기록하지 못했습니다: {1}",

        .watchBanner: "감시 중 — 파일을 저장하면 다시 확인합니다. 멈추려면 Ctrl-C.",
        .watchAllDone: "연습문제 {1}개를 모두 풀었습니다.",
        .watchMovingOn: "다음으로 넘어갑니다: {1} — {2}.",

        .helpMain: """
            Cache Workbook — Kingfisher의 캐시 계층을 다시 만들고, 돌려 보고, 일부러 망가뜨려 본다.

            사용법: swift run workbook [명령]

            명령:
              (없음), list            장과 연습문제, 그리고 진행 상황
              NN [--quick] [--json] [--seed N]
                                      NN장 실행 ({1}), swift run chNN-<slug>와 같음;
                                      --seed N은 무작위 입력을 재현 (타이밍은 아님)
              next                    다음에 풀 연습문제
              check [all|NN|EXERCISE] 연습문제 파일 확인; 인자가 없으면 지금 풀 연습문제
              watch [EXERCISE]        저장할 때마다 다시 확인; 통과하면 다음으로
              hint [EXERCISE]         물어볼 때마다 힌트 하나 더
              reset EXERCISE [--yes]  연습문제 파일을 처음 배포된 상태로 되돌림
              verify                  모든 답안은 통과하고, stub·near-miss·mutant는
                                      모두 실패함을 증명 (CI)
              mutants EXERCISE        verify가 참고 답안에 시도하는 mutant 목록
              help COMMAND            명령 하나의 도움말; 장의 옵션은 NN --help

            색은 터미널에서만, NO_COLOR가 있으면 쓰지 않습니다. 테스트: swift test.
            언어: --lang ko (또는 LANG=ko_KR.UTF-8), 영어는 --lang en.
            --json 출력은 언어와 무관합니다.
            """,
        .helpCheck: """
            사용법: swift run workbook check [all | NN | EXERCISE] [--seed N]

            연습문제 파일만 따로 빌드해서 확인을 돌립니다. 결과는 완료, 할 일(틀린 첫 지점과 함께),
            컴파일 안 됨(컴파일러 메시지와 함께), 크래시, 끝나지 않음, 파일 없음(reset으로 되살림) 중 하나입니다.
            동시성 연습문제는 통과하면 ThreadSanitizer로 한 번 더 확인하고, data race가 보이면 여러분 코드의
            줄을 알려 줍니다 (첫 빌드는 라이브러리를 다시 빌드합니다: 바쁜 2코어 Linux 머신에서 한 번 89 s로 측정,
            시간은 docs/CHECKS.ko.md에; KFD_CHECK_TSAN=0이면 건너뜁니다).
            인자가 없으면 지금 풀 연습문제(아직 못 푼 첫 번째), 'all'이면 전부입니다.
            값 연습문제는 여러분 코드와 참고 구현을 생성한 입력 수천 개에 돌려, 답이 다른 가장 작은 입력을
            보여 줍니다. 입력은 고정된 seed에서 나오므로 몇 번을 돌려도 판정이 같습니다. --seed N은 다른 입력을 뽑습니다.
            망가진 파일은 자기 확인만 실패시킵니다: 그 파일로 다른 것은 빌드하지 않습니다.
            예: swift run workbook check · swift run workbook check 04 · swift run workbook check 05-cache-time
            """,
        .helpWatch: """
            사용법: swift run workbook watch [EXERCISE]

            지금 풀 연습문제(또는 EXERCISE)를 확인하고, 파일을 저장할 때마다 다시 확인합니다. 통과하면
            아직 못 푼 다음 연습문제로 넘어갑니다. 멈추려면 Ctrl-C.
            """,
        .helpNext: "사용법: swift run workbook next\n\n아직 못 푼 첫 연습문제: 고칠 파일과 확인하는 방법.",
        .helpHint: """
            사용법: swift run workbook hint [EXERCISE]

            EXERCISE(또는 지금 풀 연습문제)의 힌트를 물어볼 때마다 하나씩 더 보여 줍니다 (이미 본 힌트도
            함께). 힌트는 방향만 가리킬 뿐, 답은 아닙니다.
            """,
        .helpReset: """
            사용법: swift run workbook reset EXERCISE [--yes]

            연습문제 파일을 처음 배포된 상태(Tests/Exercises/shipped/)로 되돌립니다. 먼저 묻고,
            --yes면 묻지 않습니다. 여러분의 파일은 먼저 .workbook-backups/에 남겨 두고 그 이름을 출력합니다.
            지워진 파일은 그냥 되살립니다. 되돌린 연습문제는 다시 '할 일'이 되고 힌트도 첫 번째부터 다시 셉니다.
            예: swift run workbook reset 01-cache-key --yes
            """,
        .helpVerify: """
            사용법: swift run workbook verify [NN | EXERCISE] [--verbose] [--no-mutants] [--seed N]
                                              [--seeds N] [--repeat N] [--busy]

            CI가 돌리는 것: 모든 참고 답안은 확인을 통과하고, 배포된 stub과 모든 near-miss
            (Tests/Exercises/near-misses/<id>/, 그럴듯한 오답 하나씩)는 실패해야 합니다. 동시성 연습문제의 답안은
            ThreadSanitizer에서 깨끗해야 하고, 컴파일되는 참고 답안의 mutant(문장 하나 빼기, 두 번 쓰기, 순서 바꾸기,
            lock 밖으로 옮기기, global queue 거치기, 경계 옮기기, …)는 모두 실패해야 합니다.
            예외는 Tests/Exercises/equivalent-mutants/<id>.txt에 이유와 함께 적힌 동등한 mutant뿐입니다.
            --verbose는 stub·near-miss·mutant가 거부된 이유를 보여 주고, --no-mutants는 mutant를 건너뜁니다.
            --seed N은 모든 확인의 생성 입력을 각자의 seed 대신 seed N에서 뽑습니다. --seeds N은 입력을
            생성하는 확인을 seed 1부터 N까지로 한 번씩 더 돌리고, 판정이 달라지면 문제로 셉니다.
            --repeat N은 모든 확인을 N번 돌리고, 판정이나 첫 메시지가 달라지면 문제로 셉니다. --busy는 그동안
            모든 코어를 바쁘게 도는 스레드로 채웁니다(부하가 걸린 머신).
            swift run workbook mutants EXERCISE [DIGEST]는 mutant 목록이나 하나의 전체 변경을 보여 줍니다.
            """,
        .helpMutants: """
            사용법: swift run workbook mutants EXERCISE [DIGEST]

            EXERCISE 참고 답안의 mutant 목록(확인을 쓰거나 강화하는 사람을 위한 것), 각각의 id와 변경.
            DIGEST를 주면 그 mutant의 변경 전체.
            """,
        .helpList: """
            사용법: swift run workbook list

            장과 연습문제, 그리고 진행 상황: 완료, 할 일, 바뀜(마지막 확인 뒤 고침), 미확인,
            없음(파일이 사라짐: reset으로 되살림).
            """,
        .helpHelp: "사용법: swift run workbook help [COMMAND]\n\n명령 목록, 또는 명령 하나의 도움말.",

        .chapterBanner: "{1}장 · {2}",
        .chapterQuickRun: " · 빠른 실행",
        .chapterSummary: "요약 (이번 실행: seed {1}, {2})",
        .chapterSummaryQuick: "요약 (이번 실행: seed {1}, 빠른 실행, {2})",
        .chapterNothingMeasured: "(측정한 것 없음)",
        .chapterWhereToRead: "읽을 곳",
        .chapterTryIt: "직접 해 보기",
        .chapterNoExercise: "이 장에는 코드 연습문제가 없습니다: 노트 끝의 질문을 풀어 보세요",
        .chapterHintCommand: "(힌트: swift run workbook hint {1})",
        .chapterNotes: "노트: {1}/README.ko.md",
        .chapterHelp: """
            {1} — {2}장: {3}
            {4}

            사용법: swift run {1} [--quick] [--json] [--seed N] [--lang ko]
                    swift run workbook {5} [--quick] [--json] [--seed N] [--lang ko]

            옵션:
              --quick     작은 크기로 몇 초 안에 (CI가 돌리는 것)
              --json      측정값만 JSON 객체 하나로 출력 (언어와 무관)
              --seed N    무작위 입력의 seed (기본값 1233); 보고서에 찍힙니다
              --lang ko   한국어 (--lang en은 영어; LANG=ko_KR.UTF-8도 됩니다)
              --help      이 도움말

            스터디 노트: {6}/README.ko.md
            """,
        .errorChapterStopped: "error: {1}장이 멈췄습니다: {2}",
        .errorSeedMissing: "--seed 뒤에 숫자가 필요합니다. 예: --seed 42",
        .errorSeedNotNumber: "--seed는 0 이상의 정수여야 합니다 (받은 값: '{1}'). 예: --seed 42",
        .errorUnknownOption: "알 수 없는 옵션 '{1}'.{2} --help를 보세요.",

        .interrupted: "중단했습니다: 워크북이 기다리던 확인 프로그램과 빌드도 함께 멈췄습니다.",
        .errorCannotWrite: "error: {1}에 쓸 수 없습니다 ({2}). 확인은 여기에 여러분 파일의 확인 프로그램을 빌드합니다. "
            + "workbook 폴더를 다시 쓸 수 있게 하거나(chmod -R u+w {3}), 쓸 수 있는 폴더에서 빌드하세요: "
            + "KFD_CHECK_BUILD_DIR=/쓸/수/있는/폴더 swift run workbook check",
        .watchStopped: "감시를 멈췄습니다: 이 문제를 고치기 전에는 아무것도 확인할 수 없습니다.",
        .glueLineChanged: "{1}번째 줄은 DO NOT EDIT 줄인데 바뀌었습니다. 배포본: `{2}` — 여러분 파일: `{3}`",
        .glueLineRemoved: "DO NOT EDIT 줄 하나가 없어졌습니다 ({1}번째 줄 다음에 있던 줄): `{2}`",
        .glueLineAdded: "DO NOT EDIT 줄들 사이에 {1}번째 줄이 추가되었습니다: `{2}`",
        .glueUndo: "확인은 이 줄들을 거쳐 여러분 코드를 부릅니다: 그 수정을 되돌리세요 (swift run workbook reset {1}은 "
            + "파일 전체를 되돌리고 여러분 파일의 사본을 남깁니다).",
        .glueEarlierVersion: "여러분 파일의 DO NOT EDIT 줄은 이전 버전의 workbook이 배포한 그대로입니다. 이번 버전에서 "
            + "이 줄들이 바뀌어서 확인이 이 줄들을 거쳐 여러분 코드를 부를 수 없습니다. 여러분이 고친 것이 아닙니다.",
        .glueCarryOver: "swift run workbook reset {1}로 새 파일을 받으세요(여러분 파일은 .workbook-backups/에 남습니다). "
            + "그다음 여러분의 답을 새 파일로 옮기면 됩니다.",
        .resetKeptCopy: "여러분의 파일은 {1}에 남겨 두었습니다.",
        .listLegend: "완료: 통과했고 파일이 통과한 그대로임 · 할 일: 확인했지만 아직 통과 못 함 · "
            + "바뀜: 마지막 확인 뒤 고침 · 미확인: 아직 확인 안 함 · 없음: 파일이 사라짐",
        .crashWhile: "확인이 {2}의 {1}번째 줄을 돌리던 중에 죽었습니다: {3}",
        .compileMore: "… 여러분 파일에 {1}개 더 있습니다 (위의 것부터 고치세요: 첫 에러가 나머지를 부르는 일이 많습니다)",
        .fileNotFolder: "{1}은(는) 폴더가 아니라 파일입니다",
    ]
}
