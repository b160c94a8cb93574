#!/bin/sh
# calls.sh - calls and local buffers (docs/ir.md §3.2) in `make check`:
# generated modules (`minicc gen --calls N`: several functions, bounded
# recursion, buffers passed down and written by callees, local buffers)
# run by the stepping interpreter and by the run path - its interpreter
# loop (MINICC_JIT=0), its machine code compiled before the first run
# (MINICC_JIT=eager) and tiering up as usual - must agree: return value or
# trap message, and final buffers. Fixed seeds, so a failure is
# reproducible with the same command line. (tests/unit/test_runcalls.c
# compares steps and instruction counts too, at many budgets and depths.)
# Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
MINICC=${MINICC:-$(pwd)/$BUILD/minicc}
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

run() { # label, MINICC_JIT value, fuzz arguments...
    label=$1; jit=$2; shift 2
    if MINICC_JIT=$jit "$MINICC" fuzz "$@" -q >"$tmp/out" 2>&1; then
        pass=$((pass + 1)); echo "ok   $label"
    else
        fail=$((fail + 1)); echo "FAIL $label"; head -80 "$tmp/out"
    fi
}

run "150 modules, 4 helpers, interpreter loop" 0 --calls 4 --count 150 --seed 1
run "150 modules, 1 helper, interpreter loop" 0 --calls 1 --count 150 --seed 20001
run "150 modules, 3 helpers, machine code at once" eager --calls 3 --count 150 --seed 1
run "150 mutable modules, 2 helpers, machine code at once" eager --calls 2 --count 150 --seed 30001 --form mutable
run "300 modules, 4 helpers, tiering up" "" --calls 4 --count 300 --seed 40001 --size 60
run "40 large modules, machine code at once" eager --calls 4 --count 40 --seed 50001 --size 150 --loops 3
run "100 modules through ssa and opt, machine code at once" eager --calls 3 --count 100 --seed 60001 --stages input,ssa,opt
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
