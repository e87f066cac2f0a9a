// Mutants of a reference solution: the wrong answers a learner would write, made mechanically.
// A check is as strong as the mutants it kills (PIT, Stryker, cargo-mutants); a corpus of
// near-misses written by hand measures only what its authors thought of. `workbook verify` builds
// every mutant that compiles and requires its check to reject it, or the mutant to be listed as
// equivalent (same behaviour) with a reason a reviewer can verify.
//
// The operators model the mistakes learners were seen to make (issue 18): work left undone or done
// twice, done in the wrong order or outside the critical section, a second private lock, a hop
// through a concurrent queue that loses order, a boundary off by one, a rounding or an integer
// width that traps on the edges, a condition that only looks at the final state.

import KFDCache

/// One mutant: the reference solution with one change.
public struct Mutant: Sendable, Hashable {
    public let operation: MutationOperator
    /// The line it changes, 1-based, in the reference solution.
    public let line: Int
    /// What changed, in a few words ("`lock.withLock {` → `mutantLock.withLock {`").
    public let change: String
    /// The whole mutated file.
    public let source: String

    /// The first 8 hex digits of the mutated file's SHA-256: the mutant's identity while the
    /// reference solution is unchanged (an equivalent-mutant list names mutants by it).
    public var digest: String { String(source.kfd.sha256.prefix(8)) }
    /// "swap-statements@L18#1a2b3c4d".
    public var id: String { "\(operation.rawValue)@L\(line)#\(digest)" }

    public init(operation: MutationOperator, line: Int, change: String, source: String) {
        self.operation = operation
        self.line = line
        self.change = change
        self.source = source
    }
}

public enum MutationOperator: String, CaseIterable, Sendable {
    case deleteStatement = "delete-statement"
    case emptyBody = "empty-body"
    case duplicateStatement = "duplicate-statement"
    case swapStatements = "swap-statements"
    case moveOutOfGuard = "move-out-of-guard"
    case moveIntoGuard = "move-into-guard"
    case unwrapGuard = "unwrap-guard"
    case splitGuard = "split-guard"
    case syncAsync = "sync-async"
    case globalQueue = "global-queue"
    case hopThroughGlobal = "hop-through-global"
    case privateGuard = "private-guard"
    case copyOutWriteBack = "copy-out-write-back"
    case sleepForWait = "sleep-for-wait"
    case dropReturn = "drop-return"
    case relational = "relational"
    case logical = "logical"
    case rounding = "rounding"
    case int32 = "int32"
    case nilCoalescing = "nil-coalescing"
    case removeAll = "remove-all"
    case lowercased = "lowercased"
    case wrapInIf = "wrap-in-if"
    case trappingInit = "trapping-init"

    /// What the operator models, for `workbook verify --help` and the README.
    public var models: String {
        switch self {
        case .deleteStatement: return "a statement (or a whole if/for/guard) left out"
        case .emptyBody: return "a one-line body left empty"
        case .duplicateStatement: return "a call made twice (a completion called twice)"
        case .swapStatements: return "two adjacent statements in the other order (the callback before the write)"
        case .moveOutOfGuard: return "a statement moved out of a withLock/sync/async closure"
        case .moveIntoGuard: return "a statement moved into a withLock/sync/async closure"
        case .unwrapGuard: return "the lock or queue dropped around its work"
        case .splitGuard: return "one critical section split in two"
        case .syncAsync: return "sync ↔ async"
        case .globalQueue: return "the serial queue replaced by DispatchQueue.global()"
        case .hopThroughGlobal: return "a hop through DispatchQueue.global().async before the real queue"
        case .privateGuard: return "a second, private lock or queue that the rest of the type does not use"
        case .copyOutWriteBack: return "copy out, modify, write back (two critical sections instead of one)"
        case .sleepForWait: return "a sleep instead of waiting for the work"
        case .dropReturn: return "a return that no longer returns"
        case .relational: return "< ↔ <=, > ↔ >=, == ↔ !="
        case .logical: return "&& ↔ ||, a ! dropped"
        case .rounding: return "ceil → floor or rounded()"
        case .int32: return "Int(…) → Int(Int32(…)): traps past 2^31"
        case .nilCoalescing: return "the default of ?? changed or dropped"
        case .removeAll: return "removeObject(forKey:) → removeAllObjects()"
        case .lowercased: return "a String argument lowercased"
        case .wrapInIf: return "a statement done only under a condition it reads"
        case .trappingInit: return "a namespace enum given init() { fatalError() }"
        }
    }
}

public enum Mutation {
    /// Every mutant of `source` the operators make, without duplicates and without the source
    /// itself. Only lines outside the DO NOT EDIT blocks change.
    public static func mutants(of source: String) -> [Mutant] {
        let file = SwiftFile(source)
        var made = MutantSet(file: file, original: source)
        LineOperators.apply(file, into: &made)
        TokenOperators.apply(file, into: &made)
        return made.mutants
    }
}

/// Collects mutants, dropping duplicates and no-ops.
struct MutantSet {
    let file: SwiftFile
    let original: String
    private(set) var mutants: [Mutant] = []
    private var seen: Set<String> = []

    init(file: SwiftFile, original: String) {
        self.file = file
        self.original = original
        seen.insert(original)
    }

    /// Adds the file made of `lines` (the file's lines changed) if it is new. `needs` names
    /// declarations the mutated code uses that the file may lack.
    mutating func add(_ operation: MutationOperator, line: Int, _ change: String, lines: [String],
                      needs: Set<MutantSupport> = []) {
        var lines = lines
        if !needs.isEmpty { MutantSupport.add(needs, to: &lines) }
        let source = file.render(lines)
        guard seen.insert(source).inserted else { return }
        mutants.append(Mutant(operation: operation, line: line + 1, change: change, source: source))
    }
}

/// Declarations a mutant may need: a lock or a queue of its own, Foundation for sleeping.
public enum MutantSupport: Hashable, Sendable {
    case foundation, privateLock, privateQueue

    /// The indices of the lines `add` inserted into a mutant (to show its change without them).
    public static func lines(in lines: [String]) -> Set<Int> {
        var found: Set<Int> = []
        let end = (lines.firstIndex { !$0.hasPrefix("import ") && !$0.hasPrefix("//") && !$0.isEmpty && !$0.hasPrefix("private let mutant") } ?? lines.count)
        for index in 0..<end where lines[index].contains("mutant") || lines[index].hasPrefix("// A ") {
            found.insert(index)
        }
        return found
    }

    /// Inserts what `needs` names after the file's imports: never inside a DO NOT EDIT block,
    /// whose digest the check compares.
    static func add(_ needs: Set<MutantSupport>, to lines: inout [String]) {
        var declarations: [String] = []
        if needs.contains(.privateLock) {
            declarations.append("// A lock of the mutant's own: every instance shares it; the rest of the type never takes it.")
            declarations.append("private let mutantLock = NSLock()")
        }
        if needs.contains(.privateQueue) {
            declarations.append("// A serial queue of the mutant's own.")
            declarations.append("private let mutantQueue = DispatchQueue(label: \"mutant.private\")")
        }
        let wantsFoundation = needs.contains(.foundation) || needs.contains(.privateLock) || needs.contains(.privateQueue)
        if wantsFoundation, !lines.contains(where: { $0.trimmingWhitespace == "import Foundation" }) {
            declarations.insert("import Foundation", at: 0)
        }
        guard !declarations.isEmpty else { return }
        let afterImports = (lines.lastIndex(where: { $0.hasPrefix("import ") }) ?? -1) + 1
        lines.insert(contentsOf: declarations, at: afterImports)
    }
}
