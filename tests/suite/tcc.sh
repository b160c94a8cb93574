#!/bin/sh
# tcc.sh - native code compiled in process by libtcc (`--cc tcc`, `set cc tcc`)
# against the system compiler's (`--cc system`, the default):
#   - every `sh agree.sh FILE ARG...` case of tests/native/*.t (the IR test
#     programs and the native stage's own cases: limits, traps, phi cycles,
#     names) gives the same output and exit status with both compilers, at
#     -O1 and -O0;
#   - generated programs (`minicc gen`, both forms, traps included) agree too;
#   - the time limit, `check` naming the compiler (`native tcc`), the prompt's
#     `set cc`, the workbench's `:set cc` and `x`, and `minicc fuzz` compiling
#     every program natively with tcc.
# In a build without libtcc, `--cc tcc` and `set cc tcc` must say so in
# words, and everything that needs libtcc is counted as skipped.
# Prints "N passed, N failed, N skipped".
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
MINICC=${MINICC:-$(pwd)/$BUILD/minicc}
pass=0; fail=0; skip=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); echo "ok   $1"; }
ko() { fail=$((fail + 1)); echo "FAIL $1"; [ -f "$tmp/out" ] && head -30 "$tmp/out"; }

ex=share/minicc/examples/swap.ir
"$MINICC" run "$ex" --stage native --cc tcc -- 5 >"$tmp/out" 2>&1
if grep -q 'built without libtcc' "$tmp/out"; then
    # No libtcc: clear refusals, the default compiler unaffected.
    want='minicc run: error: --cc tcc: tcc is not available: this minicc was built without libtcc (install libtcc-dev and tcc, then rebuild)'
    if [ "$(cat "$tmp/out")" = "$want" ]; then ok "run --cc tcc refused"; else ko "run --cc tcc refused"; fi
    "$MINICC" -c "load $ex; set cc tcc" >"$tmp/out" 2>&1
    if grep -q '^-c:2: error: set cc: tcc is not available: this minicc was built without libtcc' "$tmp/out"; then
        ok "set cc tcc refused"; else ko "set cc tcc refused"; fi
    skip=$((skip + 7)); echo "skip tcc agreement, generated, time limit, check, prompt, workbench, fuzz (no libtcc in this build)"
    echo "$pass passed, $fail failed, $skip skipped"
    [ "$fail" = 0 ]
    exit
fi

# 1. The corpus: every agree.sh case of tests/native, both compilers, -O1 and -O0.
cases=0; bad=0
for t in tests/native/*.t; do
    sed -n 's/^  \$ sh agree.sh //p' "$t" >>"$tmp/cases"
done
while IFS= read -r line; do
    cases=$((cases + 1))
    for o in -O1 -O0; do
        # The case's words as the transcript's shell reads them (quotes included).
        (cd tests/native && eval "\"\$MINICC\" run --stage native $o --cc system $line") >"$tmp/sys" 2>&1; s1=$?
        (cd tests/native && eval "\"\$MINICC\" run --stage native $o --cc tcc $line") >"$tmp/tcc" 2>&1; s2=$?
        if [ $s1 != $s2 ] || ! cmp -s "$tmp/sys" "$tmp/tcc" || grep -q ': error: ' "$tmp/tcc"; then
            bad=$((bad + 1)); echo "differ: $o $line"; diff "$tmp/sys" "$tmp/tcc" | head -5
        fi
    done
done <"$tmp/cases"
if [ "$cases" -ge 30 ] && [ "$bad" = 0 ]; then ok "corpus: $cases cases x -O1/-O0 agree"; else ko "corpus ($cases cases, $bad differ)"; fi

# 2. Generated programs with the arguments of their comment line.
bad=0
for s in 1 2 3 4 5 6 7 8 9 10 11 12; do
    "$MINICC" gen --seed $s --size 40 --form either >"$tmp/g.ir"
    args=$(sed -n 's/^# args: //p' "$tmp/g.ir" | sed 's/, /,/g')
    # shellcheck disable=SC2086
    "$MINICC" run "$tmp/g.ir" --stage native --cc system -- $args >"$tmp/sys" 2>&1; s1=$?
    # shellcheck disable=SC2086
    "$MINICC" run "$tmp/g.ir" --stage native --cc tcc -- $args >"$tmp/tcc" 2>&1; s2=$?
    if [ $s1 != $s2 ] || ! cmp -s "$tmp/sys" "$tmp/tcc"; then bad=$((bad + 1)); echo "differ: gen --seed $s"; fi
done
if [ "$bad" = 0 ]; then ok "12 generated programs agree"; else ko "generated programs ($bad differ)"; fi

# 3. The time limit holds for tcc code; the buffer keeps the loop's effects.
"$MINICC" run tests/native/forever.ir --stage native --cc tcc --timeout 0.3 -- [0] >"$tmp/out" 2>&1; st=$?
if [ $st = 3 ] && grep -q '^trap: time limit exceeded$' "$tmp/out"; then ok "time limit"; else ko "time limit (exit $st)"; fi

# 4. check says which compiler ran, and agrees.
"$MINICC" check "$ex" --cc tcc -- 5 >"$tmp/out" 2>&1; st=$?
if [ $st = 0 ] && grep -q '^native tcc  return 21$' "$tmp/out" && tail -1 "$tmp/out" | grep -q '^agree$'; then
    ok "check --cc tcc: the row is 'native tcc'"; else ko "check --cc tcc (exit $st)"; fi

# 5. The prompt: set cc, native and check use it; an unknown compiler is an error.
"$MINICC" -c "load $ex; args 5; set cc tcc; native; set cc gcc; set" >"$tmp/out" 2>&1
if grep -q '^cc tcc: native compiles in process with libtcc (no cache)$' "$tmp/out" &&
    grep -q '^# native (C from ssa, compiled by libtcc)$' "$tmp/out" && grep -q '^return 21$' "$tmp/out" &&
    grep -q "^-c:5: error: set cc: unknown compiler 'gcc' (system, tcc)$" "$tmp/out"; then
    ok "prompt set cc tcc"; else ko "prompt set cc tcc"; fi

# 6. The workbench: `:set cc tcc`, then x (native) compiles with libtcc.
"$MINICC" --tui-script ':set cc tcc<Enter>x' "$ex" 3 >"$tmp/out" 2>&1
if grep -q '# native (C from ssa, compiled by libtcc)' "$tmp/out" && grep -q '|return 21 ' "$tmp/out"; then
    ok "workbench :set cc tcc, x"; else ko "workbench :set cc tcc, x"; fi

# 7. fuzz: with libtcc every program runs natively by default (the two
# native configurations, -O1 and -O0, on top of what --cc system runs).
"$MINICC" fuzz --count 40 --seed 99 >"$tmp/out" 2>&1; st=$?
"$MINICC" fuzz --count 40 --seed 99 --cc system >"$tmp/sys" 2>&1
n_tcc=$(sed -n 's/.*, \([0-9]*\) configurations,.*/\1/p' "$tmp/out")
n_sys=$(sed -n 's/.*, \([0-9]*\) configurations,.*/\1/p' "$tmp/sys")
if [ $st = 0 ] && grep -q 'all agree' "$tmp/out" && [ -n "$n_tcc" ] && [ -n "$n_sys" ] &&
    [ "$n_tcc" = $((n_sys + 2)) ]; then
    ok "fuzz: native on all 40 programs ($n_tcc configurations, $n_sys with --cc system)"
else ko "fuzz with tcc (exit $st, $n_tcc vs $n_sys configurations)"; fi

echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
