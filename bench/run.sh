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
for b in "$BUILD"/bench/*; do
    [ -f "$b" ] && [ -x "$b" ] || continue
    found=1
    echo "== $(basename "$b")"
    if ! "$b"; then
        echo "bench: $(basename "$b") FAILED"
        status=1
    fi
    echo
done
[ $found = 1 ] || { echo "bench: no benchmarks in $BUILD/bench (run make bench)"; exit 1; }
exit $status
