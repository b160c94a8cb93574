#!/bin/sh
# valgrind.sh - a whole minicc> session, one-shot commands, the fuzzer and the
# reducer under valgrind memcheck: no invalid read or write, no use of an
# uninitialised value, no definitely lost block. Skipped (with a note) when
# valgrind is not installed or the build is a sanitizer build (ASan and
# valgrind do not mix). Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
MINICC=${MINICC:-$(pwd)/$BUILD/minicc}
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); echo "ok   $1"; }
ko() { fail=$((fail + 1)); echo "FAIL $1"; grep -E '^==[0-9]+== ' "$tmp/vg" | head -40; }

if ! command -v valgrind >/dev/null 2>&1; then
    echo "note: valgrind not installed; skipped"; echo "0 passed, 0 failed, 1 skipped"; exit 0
fi
case "$BUILD" in *asan*) echo "note: sanitizer build; skipped"; echo "0 passed, 0 failed, 1 skipped"; exit 0 ;; esac
# A valgrind older than the compiler's debug info (valgrind 3.19 and the
# DWARF 5 of clang 14) gives up on the binary before running it: that is
# this machine's tool pair, not a finding about minicc.
if valgrind -q "$MINICC" --version >"$tmp/probe" 2>&1; [ $? != 0 ] && grep -q 'debuginfo reader' "$tmp/probe"; then
    echo "note: valgrind cannot read the debug info of $MINICC (built by ${CC:-cc}); skipped"
    grep -m1 'debuginfo reader' "$tmp/probe"
    echo "0 passed, 0 failed, 1 skipped"; exit 0
fi

# vg NAME CMD... (stdin passed through): memcheck must report nothing.
vg() {
    name=$1; shift
    valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
        --log-file="$tmp/vg" "$@" >"$tmp/out" 2>&1
    st=$?
    if [ "$st" = 99 ] || grep -q '^==[0-9]*== [A-Z]' "$tmp/vg" 2>/dev/null; then ko "$name"
    else ok "$name (exit $st)"; fi
    [ -n "${VG_DEBUG:-}" ] && head -5 "$tmp/out"
}

ex=share/minicc/examples/swap.ir
cat >"$tmp/session.mc" <<EOF
# a long prompt session: every kind of command, mistakes included
load $ex
args 5
run
start
step 3
stepi 4
where
values
print a
break head
continue
back 2
delete
continue
ssa
ssa minimal
opt
opt sccp dce
show ssa
show opt
destroy
destroy baseline
alloc 1
alloc 2 baseline
interference
regs
machine
sweep 4
list
cfg
dom
live
passes
set phi-mode sequential
run
set phi-mode parallel
set stage alloc
set regs 2
run
frobnicate
load /nonexistent/missing.ir
args 1 2 3
args [1,
print nosuchname
break nosuchblock
step 100000
reset
help
help run
quit
EOF
vg "prompt session (batch mode)" "$MINICC" <"$tmp/session.mc"
vg "run --stage alloc --stats" "$MINICC" run "$ex" --stage alloc --regs 2 --stats -- 5
vg "run --stage opt on bad input" "$MINICC" run tests/repl/bad_syntax.ir --stage opt
vg "check" "$MINICC" check "$ex" -- 4
vg "gen" "$MINICC" gen --seed 9 --size 60 --loops 3
vg "fuzz in-process (8 programs, every stage config)" "$MINICC" fuzz --no-fork --count 8 --seed 3 --size 30 -q
vg "fuzz + reducer in-process (--mutant seqphi)" "$MINICC" fuzz --no-fork --mutant seqphi --count 60 --form ssa --stages ssa
# Runs long enough to tier up into the run path's machine code (x86-64):
# plain code (`run`) and exact code (the prompt's fast `run`).
cat >"$tmp/loop.ir" <<EOF
func count(i32 n) {
entry:
    i = copy 0
    s = copy 0
    jump h
h:
    c = lt i, n
    branch c, b, x
b:
    s = add s, i
    i = add i, 1
    jump h
x:
    return s
}
EOF
printf 'load %s\nargs 40000\nrun\nset stage opt\nrun\n' "$tmp/loop.ir" >"$tmp/loop.mc"
vg "run: a loop of 80,000 block entries (machine code)" "$MINICC" run "$tmp/loop.ir" 40000
vg "prompt run: the same loop (exact machine code)" "$MINICC" <"$tmp/loop.mc"
# ... and into the allocated machine's machine code (spilled at K = 1, in host registers at K = 4).
vg "run --stage alloc: the same loop (the machine's machine code, K = 1)" "$MINICC" run "$tmp/loop.ir" --stage alloc --regs 1 --stats -- 40000
vg "run --stage alloc: the same loop (K = 4)" "$MINICC" run "$tmp/loop.ir" --stage alloc --regs 4 --stats -- 40000

echo "$pass passed, $fail failed"
