#!/bin/sh
# fuzz.sh - differential fuzzing in `make check`, with fixed seeds so a run is
# reproducible (`minicc fuzz --seed S --count N` names the same programs):
#   - `minicc fuzz` over every stage configuration (ssa, opt, alloc at
#     K = 1,2,3,4,8,16 with all four allocators at -O1 and -O0, and at K = 2, 4
#     through the allocation trace (baseline, improved), whose replayed
#     assignment must be the machine's), both forms;
#   - a small native run;
#   - the reducer end to end: a planted bug (--mutant seqphi) must be found
#     and shrunk to a tiny program that still has the swap's phi cycle;
#   - `minicc gen`: deterministic, verifies, print -> parse is the identity;
#   - the libFuzzer target's corpus and regression inputs replayed through a
#     driver built with the ordinary C compiler (no clang needed).
# Prints "N passed, N failed, N skipped" (native without a C compiler is
# skipped). Budget: well under a minute.
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
MINICC=${MINICC:-$(pwd)/$BUILD/minicc}
pass=0; fail=0; skip=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); echo "ok   $1"; }
ko() { fail=$((fail + 1)); echo "FAIL $1"; [ -f "$tmp/out" ] && head -60 "$tmp/out"; }

# 1. The differential fuzzer, both forms, default sizes.
if "$MINICC" fuzz --count 150 --seed 20261130 --form mutable -q >"$tmp/out" 2>&1; then ok "fuzz mutable 150"; else ko "fuzz mutable 150"; fi
if "$MINICC" fuzz --count 150 --seed 40000 --form ssa -q >"$tmp/out" 2>&1; then ok "fuzz ssa 150"; else ko "fuzz ssa 150"; fi
# Bigger programs, deeper loops, more variables than registers.
if "$MINICC" fuzz --count 30 --seed 777 --size 150 --loops 3 --vars 24 -q >"$tmp/out" 2>&1; then
    ok "fuzz large 30"; else ko "fuzz large 30"; fi
# Native code: a few programs (a compiler run each).
if command -v "${CC:-cc}" >/dev/null 2>&1; then
    if "$MINICC" fuzz --count 4 --seed 5 --stages native -q >"$tmp/out" 2>&1; then ok "fuzz native 4"; else ko "fuzz native 4"; fi
else
    skip=$((skip + 1)); echo "skip fuzz native 4 (no C compiler '${CC:-cc}')"
fi

# 2. The reducer finds and minimizes a planted bug.
"$MINICC" fuzz --mutant seqphi --count 200 --form ssa --stages ssa >"$tmp/out" 2>&1
st=$?
if [ "$st" = 1 ] && grep -q '^first divergent stage: input with sequential phis' "$tmp/out"; then
    ok "mutant found (exit 1)"; else ko "mutant found (exit $st)"; fi
# The minimal program: at most 12 IR lines between the braces, and a phi cycle.
lines=$(sed -n '/^func /,/^}/p' "$tmp/out" | grep -c '^    ')
phis=$(sed -n '/^func /,/^}/p' "$tmp/out" | grep -c ' = phi ')
if [ "$lines" -le 12 ] && [ "$phis" -ge 2 ]; then ok "mutant shrunk to $lines lines"; else ko "mutant shrunk ($lines lines, $phis phis)"; fi
# The minimal program is valid IR and still diverges when replayed by hand.
sed -n '/^func /,/^}/p' "$tmp/out" >"$tmp/min.ir"
if "$MINICC" parse "$tmp/min.ir" >/dev/null 2>&1; then ok "minimal program parses"; else ko "minimal program parses"; fi

# A stage that crashes is a finding too (each check runs in a child process),
# and the reducer keeps only what makes it crash: one store.
"$MINICC" fuzz --mutant crash --count 50 --stages ssa >"$tmp/out" 2>&1
st=$?
if [ "$st" = 1 ] && grep -q 'crashed with signal 6' "$tmp/out" &&
    [ "$(sed -n '/^func /,/^}/p' "$tmp/out" | grep -c '^    ')" -le 3 ] &&
    sed -n '/^func /,/^}/p' "$tmp/out" | grep -q '^    store '; then
    ok "crashing stage found and shrunk to a store"; else ko "crashing stage found and shrunk (exit $st)"; fi

# 3. minicc gen: deterministic, valid, print -> parse identity.
gen_ok=1
for s in 1 2 3 4 5 6 7 8; do
    "$MINICC" gen --seed $s --size 40 >"$tmp/a.ir" 2>&1 || gen_ok=0
    "$MINICC" gen --seed $s --size 40 >"$tmp/b.ir" 2>&1 || gen_ok=0
    cmp -s "$tmp/a.ir" "$tmp/b.ir" || gen_ok=0
    grep -v '^#' "$tmp/a.ir" >"$tmp/a.body"
    "$MINICC" parse "$tmp/a.ir" >"$tmp/a.parsed" 2>&1 || gen_ok=0
    cmp -s "$tmp/a.body" "$tmp/a.parsed" || { gen_ok=0; diff "$tmp/a.body" "$tmp/a.parsed" | head; }
    # run it with the arguments of its comment line
    args=$(sed -n 's/^# args: //p' "$tmp/a.ir" | sed 's/, /,/g')
    # shellcheck disable=SC2086
    "$MINICC" run "$tmp/a.ir" -- $args >/dev/null 2>&1
    r=$?; [ "$r" = 0 ] || [ "$r" = 3 ] || gen_ok=0
done
if [ "$gen_ok" = 1 ]; then ok "gen deterministic, parses, runs"; else ko "gen deterministic, parses, runs"; fi
# Regression: the 33rd loop counter was named i32, a reserved word, so big
# generated programs did not parse back (found by bench/pipeline.c).
"$MINICC" gen --seed 1 --size 3000 >"$tmp/big.ir" 2>&1
if grep -q 'i32_' "$tmp/big.ir" && "$MINICC" parse "$tmp/big.ir" >/dev/null 2>&1; then
    ok "gen: 33 loops, the counter i32 is renamed"; else ko "gen: 33 loops, the counter i32 is renamed"; fi
if "$MINICC" gen --size 0 >/dev/null 2>&1; then ko "gen --size 0 rejected"; else ok "gen --size 0 rejected"; fi
if "$MINICC" fuzz --stages input,bogus >/dev/null 2>&1; then ko "fuzz bad stage rejected"; else ok "fuzz bad stage rejected"; fi

# 4. The libFuzzer target, replayed over its corpus and regression inputs.
CCR=${CC:-cc}
san=""
case "$BUILD" in *asan*) san="-fsanitize=address,undefined -fno-sanitize-recover=all" ;; esac
# The engine needs libtcc when the build found it (the Makefile's probe).
libs="-lm"
grep -q 'MINICC_HAVE_LIBTCC 1' "$BUILD/gen/minicc_config.h" 2>/dev/null && libs="-lm -ltcc -ldl"
# shellcheck disable=SC2086
if $CCR -std=c11 -g -O1 $san -D_POSIX_C_SOURCE=200809L -DMC_FUZZ_MAIN -Iinclude -o "$tmp/replay" \
    tests/fuzz/fuzz_pipeline.c "$BUILD/libminicc.a" $libs >"$tmp/out" 2>&1; then
    ok "replay driver builds"
    set -- tests/fuzz/corpus/* tests/fuzz/regress/* tests/ir/*.ir
    n=0
    for f in "$@"; do
        [ -f "$f" ] || continue
        n=$((n + 1))
        if ! "$tmp/replay" "$f" >"$tmp/out" 2>&1; then ko "replay $f"; fi
    done
    # An empty corpus (a bad glob, files not checked out) replays nothing: a failure.
    if [ "$n" -gt 0 ]; then ok "replayed $n inputs"; else ko "replayed 0 inputs (tests/fuzz/corpus, tests/fuzz/regress, tests/ir empty?)"; fi
else
    ko "replay driver builds"
fi

echo "$pass passed, $fail failed, $skip skipped"
