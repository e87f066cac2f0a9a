#!/usr/bin/env bash
# Instructions per operation for the hot operations, counted by valgrind's callgrind: each
# operation runs N and 2N times in a release build (KFD_INSTRUCTION_PROBE=<op>:<count>, see each
# experiment's InstructionProbe.swift); (instructions at 2N − instructions at N) ÷ N is the cost of
# one operation, without the program's start-up. User space only: a system call's kernel work is
# not counted. Usage: Experiments/count-instructions.sh [N]   (default 20000; needs valgrind)
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-20000}"
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 1; }
nice -n 10 swift build -c release --product memory-overhead >/dev/null
nice -n 10 swift build -c release --product disk-overhead >/dev/null
bin="$(swift build -c release --show-bin-path)"
count() {   # count <executable> <operation> <repetitions> → total instructions
  KFD_INSTRUCTION_PROBE="$2:$3" valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin/$1" 2>&1 \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
printf '| operation | instructions per operation |\n| --- | ---: |\n'
for item in memory-overhead:nscache-hit memory-overhead:memory-hit memory-overhead:nscache-store memory-overhead:memory-store \
            disk-overhead:sha256-key disk-overhead:disk-miss disk-overhead:disk-isCached disk-overhead:disk-hit-none; do
  exe="${item%%:*}"; op="${item#*:}"
  once="$(count "$exe" "$op" "$n")"; twice="$(count "$exe" "$op" $((2 * n)))"
  printf '| %s | %d |\n' "$op" $(( (twice - once) / n ))
done
