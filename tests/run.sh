#!/bin/sh
# run.sh - the whole test suite behind `make check`: cmocka unit tests,
# cram transcripts (CLI, golden IR, diagnostics, REPL), lessons, screen
# snapshots, real-terminal tests. Ends with one line
# "N passed, N failed, N skipped": a suite's summary line is
# "N passed, N failed" optionally followed by ", N skipped" (tests it could
# not run here: no tmux, valgrind, man or C compiler), and the skips are
# added up so a green run says what it did not check.
#
# The suites run with a private $HOME and XDG directories (the user's own
# caches, history and dot files never take part) and LC_ALL=C, whatever the
# caller's; a suite that needs another locale sets it itself.
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
MINICC=${MINICC:-$(pwd)/$BUILD/minicc}
export MINICC BUILD
total_pass=0; total_fail=0; total_skip=0
log=$(mktemp); home=$(mktemp -d); trap 'rm -rf "$log" "$home"' EXIT
export HOME="$home/home" XDG_CACHE_HOME="$home/cache" XDG_STATE_HOME="$home/state" \
    XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data" LC_ALL=C
unset XDG_RUNTIME_DIR MINICC_CACHE_MAX_ENTRIES MINICC_CACHE_MAX_BYTES
# Temporary files too (the C oracle's programs, test scratch), so that
# nothing a test started can hide: see the check for leftovers at the end.
export TMPDIR="$home/tmp"
mkdir -p "$HOME" "$TMPDIR"

count() { # suite name, output file: add its last "N passed, N failed[, N skipped]" line
    line=$(grep -E '(^|[^0-9])[0-9]+ passed, [0-9]+ failed' "$2" | tail -1)
    p=$(printf '%s\n' "$line" | sed -n 's/^\(.*[^0-9]\)\{0,1\}\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*/\2/p')
    f=$(printf '%s\n' "$line" | sed -n 's/^\(.*[^0-9]\)\{0,1\}\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*/\3/p')
    k=$(printf '%s\n' "$line" | sed -n 's/.* passed, [0-9]* failed, \([0-9][0-9]*\) skipped.*/\1/p')
    [ -n "$p" ] || { p=0; f=1; echo "$1: no summary line (crashed?)"; }
    k=${k:-0}
    total_pass=$((total_pass + p)); total_fail=$((total_fail + f)); total_skip=$((total_skip + k))
    if [ "$k" = 0 ]; then echo "$1: $p passed, $f failed"; else echo "$1: $p passed, $f failed, $k skipped"; fi
}

# cmocka unit tests: one binary per engine module.
for t in "$BUILD"/tests/test_*; do
    [ -x "$t" ] || continue
    name=$(basename "$t")
    if "$t" >"$log" 2>&1; then st=0; else st=$?; fi
    p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -1)
    f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -1)
    k=$(sed -n 's/^\[  SKIPPED \] \([0-9]*\) test.*/\1/p' "$log" | tail -1)
    p=${p:-0}; f=${f:-0}; k=${k:-0}
    if [ "$st" != 0 ] && [ "$f" = 0 ]; then f=1; echo "$name: exit status $st"; fi
    [ "$f" != 0 ] && grep -E '^\[  (FAILED|  ERROR)' "$log" | head -20
    [ "$f" != 0 ] && tail -30 "$log"
    total_pass=$((total_pass + p)); total_fail=$((total_fail + f)); total_skip=$((total_skip + k))
    if [ "$k" = 0 ]; then echo "unit/$name: $p passed, $f failed"; else echo "unit/$name: $p passed, $f failed, $k skipped"; fi
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
# SKIP_SUITES (names, blank-separated) leaves suites out: `make asan` skips
# the ones that drive a terminal or the C compiler, where the sanitizers
# find nothing the plain build's run has not and only multiply the time.
for s in tests/suite/*.sh; do
    [ -f "$s" ] || continue
    name=$(basename "$s" .sh)
    case " ${SKIP_SUITES:-} " in *" $name "*) echo "$name: left out (SKIP_SUITES)"; continue ;; esac
    if sh "$s" >"$log" 2>&1; then st=0; else st=$?; fi
    grep -E 'FAIL' "$log" | head -40
    # a failing suite: what it printed after its first failure, for CI logs
    if grep -q '^FAIL' "$log"; then sed -n '/^FAIL/,$p' "$log" | head -80 | sed 's/^/  | /'; fi
    before=$total_fail
    count "$name" "$log"
    if [ "$st" != 0 ] && [ "$total_fail" = "$before" ]; then
        echo "$name: exit status $st although nothing failed"; tail -5 "$log"
        total_fail=$((total_fail + 1))
    fi
done

# Nothing a test started may outlive it: a program left spinning (a C
# oracle's endless loop, a native run) slows every later suite, and on a CI
# machine it turned the whole run into a time-out. Processes whose command
# line names our private $HOME/$TMPDIR (minicc's cache, the oracle's files)
# fail the run and are killed.
left=$(ps -eo pid=,args= 2>/dev/null | grep -F "$home/" | grep -v -e grep -e 'ps -eo' | head -5)
if [ -n "$left" ]; then
    echo "FAIL processes started by the tests are still running:"; printf '%s\n' "$left" | sed 's/^/  | /'
    printf '%s\n' "$left" | awk '{print $1}' | xargs kill -9 2>/dev/null
    total_fail=$((total_fail + 1))
else
    total_pass=$((total_pass + 1))
fi

echo "$total_pass passed, $total_fail failed, $total_skip skipped"
[ "$total_fail" = 0 ]
