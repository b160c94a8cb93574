#!/bin/sh
# diff_ssa.sh - the SSA construction and optimizer differential test in
# `make check`: generated programs (gen.h) must agree - return value or trap
# message, and final buffers - as loaded, after SSA construction and after
# the -O1 optimizer. Fixed seeds, so a failure is reproducible with the same
# `minicc fuzz` command line. (tests/unit/test_opt.c runs another 600 seeds
# through all three SSA placement policies directly.)
# Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
MINICC=${MINICC:-$(pwd)/$BUILD/minicc}
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

run() { # label, fuzz arguments...
    label=$1; shift
    if "$MINICC" fuzz "$@" --stages input,ssa,opt -q >"$tmp/out" 2>&1; then
        pass=$((pass + 1)); echo "ok   $label"
    else
        fail=$((fail + 1)); echo "FAIL $label"; head -60 "$tmp/out"
    fi
}

run "500 programs, either form" --count 500 --seed 1
run "300 programs, mutable form" --count 300 --seed 90001 --form mutable
run "300 programs, SSA form" --count 300 --seed 70001 --form ssa
run "60 large programs" --count 60 --seed 5151 --size 200 --loops 3 --vars 24
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
