#!/bin/sh
# run.sh - the whole test suite behind `make check`: cmocka unit tests,
# cram transcripts (CLI, golden IR, diagnostics, REPL), lessons, screen
# snapshots, real-terminal tests. Ends with one line "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
MINICC=${MINICC:-$(pwd)/$BUILD/minicc}
export MINICC BUILD
total_pass=0; total_fail=0
log=$(mktemp); trap 'rm -f "$log"' EXIT

count() { # suite name, output file: add its last "N passed, N failed" line
    line=$(grep -E '(^|[^0-9])[0-9]+ passed, [0-9]+ failed' "$2" | tail -1)
    p=$(printf '%s\n' "$line" | sed -n 's/^\(.*[^0-9]\)\{0,1\}\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*/\2/p')
    f=$(printf '%s\n' "$line" | sed -n 's/^\(.*[^0-9]\)\{0,1\}\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*/\3/p')
    [ -n "$p" ] || { p=0; f=1; echo "$1: no summary line (crashed?)"; }
    total_pass=$((total_pass + p)); total_fail=$((total_fail + f))
    echo "$1: $p passed, $f failed"
}

# cmocka unit tests: one binary per engine module.
for t in "$BUILD"/tests/test_*; do
    [ -x "$t" ] || continue
    name=$(basename "$t")
    if "$t" >"$log" 2>&1; then st=0; else st=$?; fi
    p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -1)
    f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -1)
    p=${p:-0}; f=${f:-0}
    if [ "$st" != 0 ] && [ "$f" = 0 ]; then f=1; echo "$name: exit status $st"; fi
    [ "$f" != 0 ] && grep -E '^\[  (FAILED|  ERROR)' "$log" | head -20
    [ "$f" != 0 ] && tail -30 "$log"
    total_pass=$((total_pass + p)); total_fail=$((total_fail + f))
    echo "unit/$name: $p passed, $f failed"
done

# Transcript tests (cram format), every tests/**/*.t
files=$(find tests -name '*.t' | sort)
if [ -n "$files" ]; then
    # shellcheck disable=SC2086
    bash tests/cram.sh $files >"$log" 2>&1
    grep -v '^cram:' "$log" | head -200
    count cram "$log"
fi

# Extra suites: each tests/suite/*.sh prints its own "N passed, N failed".
for s in tests/suite/*.sh; do
    [ -f "$s" ] || continue
    name=$(basename "$s" .sh)
    if sh "$s" >"$log" 2>&1; then st=0; else st=$?; fi
    grep -E 'FAIL|fail' "$log" | grep -v ' 0 failed' | head -40
    before=$total_fail
    count "$name" "$log"
    if [ "$st" != 0 ] && [ "$total_fail" = "$before" ]; then
        echo "$name: exit status $st although nothing failed"; tail -5 "$log"
        total_fail=$((total_fail + 1))
    fi
done

echo "$total_pass passed, $total_fail failed"
[ "$total_fail" = 0 ]
