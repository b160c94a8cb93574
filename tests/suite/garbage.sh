#!/bin/sh
# garbage.sh - `minicc parse` on hostile files: corpus files with bytes cut out
# and random bytes spliced in, and files of pure random bytes: all from SEED
# (default 7) through a generator written out here (awk's own rand() differs
# between mawk and gawk), so every machine runs the same cases and a failure
# names the seed that replays it (SEED=S N=N sh tests/suite/garbage.sh).
# Every run must end with status 0 (and then its output must parse back to
# itself) or status 2 with a FILE:LINE:COL diagnostic;
# anything else (a crash, a sanitizer report under `make asan`) fails and the
# input is shown in hex. The in-process version with thousands of cases is
# test_random_bytes / test_random_mutations in tests/unit/test_parse.c.
# Ends with "N passed, N failed".
set -u
export LC_ALL=C # the order of the file list below
cd "$(dirname "$0")/../.."
MINICC=${MINICC:-build/minicc}
N=${N:-300}
SEED=${SEED:-7}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
files=$(ls tests/ir/*.ir share/minicc/examples/*.ir)
pass=0
fail=0

# The generator: Park-Miller in awk (exact in doubles, the same everywhere).
rng='function rnd() { state = (state * 16807) % 2147483647; return (state - 1) / 2147483646 }
     function seed(s) { state = s % 2147483646 + 1; for (q = 0; q < 8; q++) rnd() }
     function bytes(k,   j, t) { t = "x"; for (j = 0; j < k; j++) t = t sprintf("\\%03o", int(rnd() * 256)); return t }'

# One line per case: file index, offset, bytes to cut, bytes to insert (octal escapes).
awk -v n="$N" -v s="$SEED" "$rng"'
BEGIN {
    seed(s)
    for (i = 0; i < n; i++) {
        printf "%d %d %d ", int(rnd() * 1000), int(rnd() * 100000), int(rnd() * 12)
        print bytes(int(rnd() * 6))
    }
}' >"$tmp/plan"
# Pure random bytes: N/5 files (octal escapes), the odd ones after a valid start.
awk -v n="$N" -v s="$SEED" "$rng"'
BEGIN {
    seed(s + 1000003)
    for (j = 1; j <= int(n / 5); j++) print bytes(int(rnd() * (j % 2 ? 200 : 400)))
}' >"$tmp/bytes"
if ! [ -s "$tmp/plan" ] || ! [ -s "$tmp/bytes" ]; then
    echo "FAIL cannot generate the cases"; echo "garbage: 0 passed, 1 failed"; exit 1
fi

check() { # name: runs minicc parse on $tmp/in.ir and judges the outcome
    "$MINICC" parse "$tmp/in.ir" >"$tmp/out" 2>"$tmp/err"
    st=$?
    ok=0
    if [ "$st" = 0 ]; then
        "$MINICC" parse "$tmp/out" >"$tmp/out2" 2>&1 && cmp -s "$tmp/out" "$tmp/out2" && ok=1
    elif [ "$st" = 2 ]; then
        grep -q "^$tmp/in.ir:[0-9]*:[0-9]*: error: " "$tmp/err" && ok=1
    fi
    if [ "$ok" = 1 ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $1: status $st (replay: SEED=$SEED N=$N sh tests/suite/garbage.sh)"
        head -c 2000 "$tmp/err"
        od -c "$tmp/in.ir" | head -20
    fi
}

i=0
while read -r fi off cut junk; do
    i=$((i + 1))
    # shellcheck disable=SC2086
    set -- $files
    shift $((fi % $#))
    f=$1
    size=$(wc -c <"$f")
    off=$((off % size))
    {
        head -c "$off" "$f"
        # shellcheck disable=SC2059
        printf "${junk#x}"
        tail -c +$((off + cut + 1)) "$f"
    } >"$tmp/in.ir"
    check "mutation $i of $f (offset $off, cut $cut, insert '${junk#x}')"
done <"$tmp/plan"

j=0
while read -r junk; do
    j=$((j + 1))
    if [ $((j % 2)) = 0 ]; then
        # shellcheck disable=SC2059
        printf "${junk#x}" >"$tmp/in.ir"
    else
        # shellcheck disable=SC2059
        { printf 'func f(i32 n) {\nentry:\n'; printf "${junk#x}"; } >"$tmp/in.ir"
    fi
    check "random bytes $j"
done <"$tmp/bytes"

echo "garbage: $pass passed, $fail failed"
[ "$fail" = 0 ]
