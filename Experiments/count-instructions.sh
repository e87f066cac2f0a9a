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
  # Deterministic hashing: with a random seed per process, Set and Dictionary collide differently
  # in each run, and the N and 2N runs would not count the same work per operation.
  SWIFT_DETERMINISTIC_HASHING=1 KFD_INSTRUCTION_PROBE="$2:$3" valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin/$1" 2>&1 \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
declare -A per
printf '| operation | instructions per operation |\n| --- | ---: |\n'
for item in memory-overhead:nscache-hit memory-overhead:memory-hit memory-overhead:nscache-store memory-overhead:memory-store \
            disk-overhead:sha256-key disk-overhead:disk-miss disk-overhead:disk-isCached disk-overhead:disk-hit-none; do
  exe="${item%%:*}"; op="${item#*:}"
  once="$(count "$exe" "$op" "$n")"; twice="$(count "$exe" "$op" $((2 * n)))"
  per[$op]=$(( (twice - once) / n ))
  printf '| %s | %d |\n' "$op" "${per[$op]}"
done
# The memory targets have a floor in user space, so instructions can judge them (the disk
# targets' floor is kernel work, which callgrind does not count: the clock judges those).
verdict() {   # verdict <label> <ours> <floor> <limit>
  awk -v label="$1" -v ours="$2" -v floor="$3" -v limit="$4" 'BEGIN {
    ratio = ours / floor
    if (ratio <= limit) v = "met"; else v = sprintf("MISSED by %.1f%%", (ratio / limit - 1) * 100)
    printf "- %s: %d ÷ %d = %.2f× (target ≤ %.2f×) — %s\n", label, ours, floor, ratio, limit, v }'
}
echo
verdict "memory hit ÷ NSCache.object" "${per[memory-hit]}" "${per[nscache-hit]}" 1.15
verdict "memory store ÷ NSCache.setObject" "${per[memory-store]}" "${per[nscache-store]}" 1.3
