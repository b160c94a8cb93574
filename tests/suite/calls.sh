#!/bin/sh
# calls.sh - calls and local buffers (docs/ir.md §3.2) in `make check`:
# generated modules (`minicc gen --calls N`: several functions, bounded
# recursion, buffers passed down and written by callees, local buffers)
# run by the stepping interpreter and by the run path - its interpreter
# loop (MINICC_JIT=0), its machine code compiled before the first run
# (MINICC_JIT=eager) and tiering up as usual - must agree: return value or
# trap message, and final buffers. Fixed seeds, so a failure is
# reproducible with the same command line. Then fuzz --calls's default,
# every stage under each calling convention, and two planted convention
# bugs it must find. (tests/unit/test_runcalls.c
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

# The run path's modes: stages input and ssa (both interpreters on each).
run "150 modules, 4 helpers, interpreter loop" 0 --calls 4 --count 150 --seed 1 --stages input,ssa
run "150 modules, 1 helper, interpreter loop" 0 --calls 1 --count 150 --seed 20001 --stages input,ssa
run "150 modules, 3 helpers, machine code at once" eager --calls 3 --count 150 --seed 1 --stages input,ssa
run "150 mutable modules, 2 helpers, machine code at once" eager --calls 2 --count 150 --seed 30001 --form mutable --stages input,ssa
run "300 modules, 4 helpers, tiering up" "" --calls 4 --count 300 --seed 40001 --size 60 --stages input,ssa
run "40 large modules, machine code at once" eager --calls 4 --count 40 --seed 50001 --size 150 --loops 3 --stages input,ssa
run "100 modules through ssa and opt, machine code at once" eager --calls 3 --count 100 --seed 60001 --stages input,ssa,opt

# fuzz --calls by default: every stage, every allocator, every convention
# (210 configurations: stage alloc's 48 three times and 16 calls=interfere three times, native, asm's five, both interpreters;
# 211 where the RISC-V tools are: one asm rv64 configuration in a default short run).
if "$MINICC" fuzz --calls 3 --count 10 --seed 70001 >"$tmp/out" 2>&1 &&
    grep -Eq '^fuzz: 10 programs .* (210 configurations, 2100|211 configurations, 2110) stage runs, all agree' "$tmp/out"; then
    pass=$((pass + 1)); echo "ok   10 modules, 3 helpers, every stage and convention by default"
else
    fail=$((fail + 1)); echo "FAIL 10 modules, 3 helpers, every stage and convention by default"; head -80 "$tmp/out"
fi

# Planted convention bugs (regalloc_test.h): fuzzing with calls must find them.
for m in no-caller-saves no-callee-saves; do
    "$MINICC" fuzz --calls 2 --count 50 --seed 1 --mutant "$m" >"$tmp/out" 2>&1; st=$?
    if [ "$st" = 1 ] && grep -q '^fuzz: seed [0-9]* .*: diverge at alloc K=4 no c[a-z]* saves (--mutant)' "$tmp/out"; then
        pass=$((pass + 1)); echo "ok   --mutant $m is found"
    else
        fail=$((fail + 1)); echo "FAIL --mutant $m is found (status $st)"; head -40 "$tmp/out"
    fi
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
