"""darwin-check, part 2: API newer than what this package promises a Mac learner.

The package's deployment target is macOS 15 (the Swift 6.0 standard library and Foundation as
shipped with it), and its README names the compilers it is built with. On Linux every declaration
of the toolchain's own standard library is available, so the Linux compiler accepts calls that an
Xcode build for macOS 15 rejects ("'X' is only available in macOS 26 or newer"). This scan rejects
the names below unless the line is guarded: inside `if #available(...)`/`guard #available(...)`,
a declaration marked `@available(macOS N, ...)`, or an `#if compiler(>=...)` block.

Usage: availability.py ROOT  — prints `path:line: error: ...` for each use, exits 1 if any.
Sources read (2026-11): the standard library's availability macros (SwiftStdlib 6.1 = macOS 15.4,
6.2 = macOS 26) in swiftlang/swift `utils/availability-macros.def`; the Swift 6.1 and 6.2 release
notes and their proposals (SE-0453 InlineArray, SE-0447 Span, SE-0469 task names, SE-0472
Task.immediate, SE-0475 Observations, SE-0439 trailing commas); swift-foundation's `Data.span`.
"""
import os, re, sys

# (pattern, what it is, what it needs)
NEWER = [
    (r"\.enumerated\(\)\s*(\.(reversed|last|count|indices|startIndex|endIndex|index|dropLast|suffix|randomElement)\b|\[)",
     "a Collection operation on enumerated()", "Swift 6.1 stdlib (macOS 15.4): EnumeratedSequence is a Collection only there; use Array(x.enumerated()) or x.indices"),
    (r"\bInlineArray\b|\[\s*\d+\s+of\s+[A-Z]", "InlineArray", "Swift 6.2 stdlib (macOS 26), SE-0453"),
    (r"\b(Mutable)?(Raw)?Span\b|\bUTF8Span\b|\bOutputSpan\b|\.(span|mutableSpan|bytes|utf8Span)\b(?!\s*\()",
     "Span and the .span/.bytes properties", "Swift 6.2 compiler and stdlib (macOS 26 for the properties), SE-0447/SE-0456"),
    (r"\bTask\.immediate\b|\baddImmediateTask\b|\bTask\s*\(\s*name\s*:|\baddTask\s*\(\s*name\s*:|\bTask\.name\b",
     "Task.immediate / task names", "Swift 6.2 stdlib (macOS 26), SE-0472/SE-0469"),
    (r"\bObservations\s*[{(]", "Observations", "Swift 6.2 stdlib (macOS 26), SE-0475"),
    (r"@concurrent\b|nonisolated\s*\(\s*nonsending\s*\)", "@concurrent / nonisolated(nonsending)", "Swift 6.2 compiler, SE-0461"),
    (r"\bNotificationCenter\.(MainActorMessage|AsyncMessage)\b", "NotificationCenter messages", "Foundation in macOS 26"),
]
TRAILING_COMMA = "a trailing comma before ')' (Swift 6.1 compiler, SE-0439; Swift 6.0 rejects it)"

GUARD_OPEN = re.compile(r"(\bif|\bguard|\bwhile)\s+#available\s*\(|@available\s*\(\s*(macOS|iOS)\s+\d")

def code_of(line):
    """The line without string literals' contents and without a trailing // comment."""
    line = re.sub(r'"(\\.|[^"\\])*"', '""', line)
    return line.split("//", 1)[0]

def declared_names(root):
    """Names the package declares itself (a `struct Span`, a `var bytes`): not the standard library's."""
    names = set()
    for top in ["Sources", "Chapters", "Experiments", "Tests"]:
        for folder, dirs, files in os.walk(os.path.join(root, top)):
            for name in files:
                if name.endswith(".swift"):
                    text = open(os.path.join(folder, name), encoding="utf-8").read()
                    names.update(re.findall(r"\b(?:struct|class|enum|typealias|protocol|actor|var|let|case)\s+([A-Za-z_]\w*)", text))
    return names

OWN = set()

def scan(path, display):
    problems = []
    lines = open(path, encoding="utf-8").read().split("\n")
    depth = 0
    guarded_until = []        # brace depths below which a #available / @available guard ends
    compiler_blocks = []      # a stack of bools: inside `#if compiler(>=…)` (its first branch)
    in_block_comment = False
    for number, raw in enumerate(lines, 1):
        line = raw
        if in_block_comment:
            if "*/" in line:
                line = line.split("*/", 1)[1]; in_block_comment = False
            else:
                continue
        if "/*" in line and "*/" not in line.split("/*", 1)[1]:
            line = line.split("/*", 1)[0]; in_block_comment = True
        stripped = line.strip()
        if stripped.startswith("#if"):
            compiler_blocks.append(bool(re.search(r"compiler\s*\(\s*>=|swift\s*\(\s*>=", stripped))); continue
        if stripped.startswith("#else") or stripped.startswith("#elseif"):
            if compiler_blocks: compiler_blocks[-1] = False
            continue
        if stripped.startswith("#endif"):
            if compiler_blocks: compiler_blocks.pop()
            continue
        code = code_of(line)
        if GUARD_OPEN.search(code):
            guarded_until.append(depth + (0 if "guard" in code else 1) if "@available" not in code else depth + 1)
            if "@available" in code and "{" not in code:
                guarded_until[-1] = depth + 1
        guarded = any(compiler_blocks) or bool(guarded_until)
        if not guarded:
            for pattern, what, needs in NEWER:
                hits = [m.group(0) for m in re.finditer(pattern, code)]
                hits = [h for h in hits if re.sub(r"^\W+|\W+$", "", h.split("(")[0]) not in OWN]
                if hits:
                    problems.append(f"{display}:{number}: error: {what} needs {needs}; guard it (`if #available(...)`, `#if compiler(>=...)`) or do without")
            if stripped.startswith(")") and number > 1:
                previous = code_of(lines[number - 2]).rstrip()
                if previous.endswith(","):
                    problems.append(f"{display}:{number - 1}: error: {TRAILING_COMMA}")
        depth += code.count("{") - code.count("}")
        while guarded_until and depth < guarded_until[-1]:
            guarded_until.pop()
    return problems

root = sys.argv[1]
OWN = declared_names(root)
problems = []
for top in ["Sources", "Chapters", "Experiments", "Tests"]:
    for folder, dirs, files in os.walk(os.path.join(root, top)):
        for name in sorted(files):
            if name.endswith(".swift"):
                path = os.path.join(folder, name)
                problems += scan(path, os.path.relpath(path, root))
for problem in problems:
    print(problem)
sys.exit(1 if problems else 0)
