#!/bin/sh
# fuzz_c.sh - MiniC against the system C compiler in `make check` (issue 19
# §4), with fixed seeds so a run is reproducible:
#   - `minicc fuzz --lang c`: generated MiniC programs through cc -std=c11
#     -fwrapv at -O0 and -O2 and every minicc stage and register budget;
#   - the reducer end to end: a planted front-end bug (--mutant lt, `<`
#     lowered as `<=`) must be found and shrunk to a small program;
#   - `minicc gen --lang c`: deterministic, valid C, valid MiniC, with and
#     without --calls (helper functions, bounded recursion, buffers passed);
#   - `minicc fuzz --lang c --calls 3`: the same comparison with calls;
#   - every example's runs (`// run:` lines) through tests/oracle/oracle.py
#     (cc at -O0 and -O2 against `minicc run --stage input` and `check`),
#     and oracle.py reporting a difference it must report;
#   - option mistakes.
# Prints "N passed, N failed, N skipped" (everything but the option checks
# is skipped without a C compiler or python3).
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
MINICC=${MINICC:-$(pwd)/$BUILD/minicc}
pass=0; fail=0; skip=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); echo "ok   $1"; }
ko() { fail=$((fail + 1)); echo "FAIL $1"; [ -f "$tmp/out" ] && head -60 "$tmp/out"; }

# Option mistakes (no compiler needed).
"$MINICC" fuzz --lang pascal >"$tmp/out" 2>&1
if [ $? = 2 ] && grep -q "^minicc fuzz: error: unknown language 'pascal' (ir or c)$" "$tmp/out"; then ok "fuzz --lang pascal"; else ko "fuzz --lang pascal"; fi
"$MINICC" gen --lang >"$tmp/out" 2>&1
if [ $? = 2 ] && grep -q "^minicc gen: error: --lang needs a value$" "$tmp/out"; then ok "gen --lang"; else ko "gen --lang"; fi
"$MINICC" fuzz --lang c --mutant seqphi >"$tmp/out" 2>&1
if [ $? = 2 ] && grep -q "^minicc fuzz: error: unknown mutant 'seqphi' (with --lang c: lt)$" "$tmp/out"; then ok "fuzz --lang c --mutant seqphi"; else ko "fuzz --lang c --mutant seqphi"; fi
"$MINICC" gen --lang c --count 3 >"$tmp/out" 2>&1
if [ $? = 2 ] && grep -q "^minicc gen: error: unknown option '--count'$" "$tmp/out"; then ok "gen --lang c --count"; else ko "gen --lang c --count"; fi
"$MINICC" fuzz --lang c --batch 0 >"$tmp/out" 2>&1
if [ $? = 2 ] && grep -q "^minicc fuzz: error: --batch must be at least 1, got '0'$" "$tmp/out"; then ok "fuzz --lang c --batch 0"; else ko "fuzz --lang c --batch 0"; fi
# --lang ir is the default: the IR generator, byte for byte.
"$MINICC" gen --seed 9 >"$tmp/a"; "$MINICC" gen --lang ir --seed 9 >"$tmp/b"
if cmp -s "$tmp/a" "$tmp/b"; then ok "gen --lang ir"; else ko "gen --lang ir"; fi

# gen --lang c: deterministic; every program is MiniC (minicc parses it).
"$MINICC" gen --lang c --seed 42 >"$tmp/a.c"; "$MINICC" gen --lang c --seed 42 >"$tmp/b.c"; "$MINICC" gen --lang c --seed 43 >"$tmp/c.c"
if cmp -s "$tmp/a.c" "$tmp/b.c" && ! cmp -s "$tmp/a.c" "$tmp/c.c"; then ok "gen --lang c deterministic"; else ko "gen --lang c deterministic"; fi
bad=0
for s in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
    "$MINICC" gen --lang c --seed $s --size 40 >"$tmp/g.c"
    "$MINICC" parse "$tmp/g.c" >/dev/null 2>"$tmp/out" || { bad=1; cat "$tmp/g.c" >>"$tmp/out"; break; }
done
if [ $bad = 0 ]; then ok "gen --lang c: 20 programs parse"; else ko "gen --lang c: 20 programs parse"; fi

# --calls: --calls 0 is the call-free program; with helpers, deterministic,
# and every program is MiniC (the main function first, then its helpers).
"$MINICC" gen --lang c --seed 42 >"$tmp/a.c"; "$MINICC" gen --lang c --seed 42 --calls 0 >"$tmp/b.c"
if cmp -s "$tmp/a.c" "$tmp/b.c"; then ok "gen --lang c --calls 0"; else ko "gen --lang c --calls 0"; fi
"$MINICC" gen --lang c --seed 42 --calls 3 >"$tmp/a.c"; "$MINICC" gen --lang c --seed 42 --calls 3 >"$tmp/b.c"
if cmp -s "$tmp/a.c" "$tmp/b.c" && grep -q '^int h2(\|^void h2(' "$tmp/a.c"; then ok "gen --lang c --calls 3 deterministic"; else ko "gen --lang c --calls 3 deterministic"; fi
"$MINICC" gen --lang c --calls 5 >"$tmp/out" 2>&1
if [ $? = 2 ] && grep -q "^minicc gen: error: --calls is too large: 5 (at most 4)$" "$tmp/out"; then ok "gen --lang c --calls 5"; else ko "gen --lang c --calls 5"; fi
for s in 1 2 3 4 5 6 7 8 9 10; do
    "$MINICC" gen --lang c --seed $s --calls 3 >"$tmp/g.c"
    "$MINICC" parse "$tmp/g.c" >/dev/null 2>"$tmp/out" || { bad=1; cat "$tmp/g.c" >>"$tmp/out"; break; }
done
if [ $bad = 0 ]; then ok "gen --lang c --calls 3: 10 programs parse"; else ko "gen --lang c --calls 3: 10 programs parse"; fi

if ! command -v "${CC:-cc}" >/dev/null 2>&1; then
    skip=$((skip + 6)); echo "skip the C compiler oracle (no C compiler '${CC:-cc}')"
    echo "$pass passed, $fail failed, $skip skipped"; [ $fail = 0 ]; exit
fi
for s in 1 2 3 4 5; do
    "$MINICC" gen --lang c --seed $s --size 40 | sed '/^\/\/ args:/d' >"$tmp/g.c"
    ${CC:-cc} -std=c11 -fwrapv -fsyntax-only -w "$tmp/g.c" >"$tmp/out" 2>&1 || { bad=1; break; }
done
if [ $bad = 0 ]; then ok "gen --lang c: cc accepts 5 programs"; else ko "gen --lang c: cc accepts 5 programs"; fi
for s in 1 2 3; do
    "$MINICC" gen --lang c --seed $s --calls 4 | sed '/^\/\/ args:/d' >"$tmp/g.c"
    ${CC:-cc} -std=c11 -fwrapv -fsyntax-only -Werror=implicit-function-declaration "$tmp/g.c" >"$tmp/out" 2>&1 || { bad=1; break; }
done
if [ $bad = 0 ]; then ok "gen --lang c --calls 4: cc accepts 3 programs"; else ko "gen --lang c --calls 4: cc accepts 3 programs"; fi

# The campaign in small (tests/fuzz/README.md has the big one).
if "$MINICC" fuzz --lang c --count 40 --seed 20261201 -q >"$tmp/out" 2>&1; then ok "fuzz --lang c 40"; else ko "fuzz --lang c 40"; fi
# With calls: every stage, none refuses them.
if "$MINICC" fuzz --lang c --calls 3 --count 20 --seed 20261202 --batch 20 -q >"$tmp/out" 2>&1; then ok "fuzz --lang c --calls 3 20"; else ko "fuzz --lang c --calls 3 20"; fi

# The reducer: the planted bug is found at once and shrunk. Candidates whose
# loop lost its counter meet minicc's step limit and are dropped without
# compiling them (before, each ran a C program that never ended, for a
# minute, and left it spinning): the run takes seconds, so the generous
# time-out below only fails on that; and no program the oracle started is
# left running (the oracle's directory is under our own TMPDIR).
mkdir -p "$tmp/t"
TMPDIR="$tmp/t" timeout 300 "$MINICC" fuzz --lang c --mutant lt --count 50 --seed 1 --max-shrink 80 >"$tmp/out" 2>&1
st=$?
if ps -eo args 2>/dev/null | grep -v grep | grep -q "$tmp/t/minicc-oracle"; then
    ko "fuzz --lang c: programs the oracle started are still running"
    pkill -KILL -f "$tmp/t/minicc-oracle"
else
    ok "fuzz --lang c: nothing the oracle started is left running"
fi
nodes=$(sed -n 's/^minimal program ([0-9]* -> \([0-9]*\) nodes.*/\1/p' "$tmp/out")
if [ "$st" = 1 ] && grep -q 'minicc differs from the C compiler' "$tmp/out" && [ -n "$nodes" ] && [ "$nodes" -le 40 ]; then
    ok "fuzz --lang c --mutant lt: found, shrunk to $nodes nodes"
else
    ko "fuzz --lang c --mutant lt: found and shrunk (exit $st, nodes '$nodes')"
fi

# The examples against cc, and a difference oracle.py must report.
if command -v python3 >/dev/null 2>&1; then
    bad=0; n=0
    for f in share/minicc/examples/*.c; do
        grep '^// run:' "$f" | sed 's|^// run: ||' >"$tmp/runs"
        while read -r a; do
            n=$((n + 1))
            # shellcheck disable=SC2086
            python3 tests/oracle/oracle.py "$MINICC" "$f" $a >>"$tmp/out.ex" 2>&1 || bad=1
        done <"$tmp/runs"
    done
    cp "$tmp/out.ex" "$tmp/out" 2>/dev/null
    if [ $bad = 0 ] && [ $n -ge 20 ]; then ok "examples against cc ($n runs)"; else ko "examples against cc ($n runs)"; fi
    python3 tests/oracle/oracle.py "$MINICC" tests/oracle/intmin.c -2147483648 -1 >"$tmp/out" 2>&1
    if [ $? = 1 ] && grep -q '^FAIL intmin.c -2147483648 -1' "$tmp/out"; then ok "oracle.py reports INT_MIN / -1"; else ko "oracle.py reports INT_MIN / -1"; fi
else
    skip=$((skip + 2)); echo "skip the examples against cc (no python3)"
fi

echo "$pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
