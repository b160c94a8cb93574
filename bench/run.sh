#!/bin/sh
# run.sh - run every benchmark binary in $BUILD/bench (built by `make bench`
# from bench/*.c) and print its output. Each benchmark prints its own table
# with ratios against a baseline measured in the same run; a failing one is
# reported and makes the script exit non-zero after the others ran.
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
status=0
found=0
results=$(mktemp); one=$(mktemp); trap 'rm -f "$results" "$one"' EXIT
for b in "$BUILD"/bench/*; do
    [ -f "$b" ] && [ -x "$b" ] || continue
    found=1
    echo "== $(basename "$b")"
    if "$b" >"$one" 2>&1; then st=0; else st=1; fi
    cat "$one"
    { echo "== $(basename "$b")"; cat "$one"; } >>"$results"
    if [ $st != 0 ]; then
        echo "bench: $(basename "$b") FAILED" | tee -a "$results"
        status=1
    fi
    echo; echo >>"$results"
done
[ $found = 1 ] || { echo "bench: no benchmarks in $BUILD/bench (run make bench)"; exit 1; }
# Regenerate the results section of bench/README.md (between its markers)
# with this run's output, so the table there is always the last `make bench`.
if grep -q '^<!-- results:begin -->$' bench/README.md 2>/dev/null; then
    {
        sed '/^<!-- results:begin -->$/q' bench/README.md
        echo "Last run: $(date -u '+%Y-%m-%d %H:%M UTC') on $(uname -m), $(nproc 2>/dev/null || echo '?') CPUs."
        echo
        echo '```'
        cat "$results"
        echo '```'
        sed -n '/^<!-- results:end -->$/,$p' bench/README.md
    } >"$one" && cp "$one" bench/README.md
    echo "bench: results written to bench/README.md"
fi
exit $status
