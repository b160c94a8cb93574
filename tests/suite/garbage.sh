#!/bin/sh
# garbage.sh - `minicc parse` on hostile files: corpus files with bytes cut out
# and random bytes spliced in (a deterministic plan from SEED), and files of
# pure random bytes. Every run must end with status 0 (and then its output
# must parse back to itself) or status 2 with a FILE:LINE:COL diagnostic;
# anything else (a crash, a sanitizer report under `make asan`) fails and the
# input is shown in hex. The in-process version with thousands of cases is
# test_random_bytes / test_random_mutations in tests/unit/test_parse.c.
# Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
MINICC=${MINICC:-build/minicc}
N=${N:-300}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
files=$(ls tests/ir/*.ir share/minicc/examples/*.ir)
pass=0
fail=0

# One line per case: file index, offset, bytes to cut, bytes to insert (octal escapes).
awk -v n="$N" -v seed="${SEED:-7}" 'BEGIN {
    srand(seed)
    for (i = 0; i < n; i++) {
        printf "%d %d %d ", int(rand() * 1000), int(rand() * 100000), int(rand() * 12)
        k = int(rand() * 6)
        s = "x"
        for (j = 0; j < k; j++) s = s sprintf("\\%03o", int(rand() * 256))
        print s
    }
}' >"$tmp/plan"

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
        echo "FAIL $1: status $st"
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

# Pure random bytes, some with a valid start.
j=0
while [ $j -lt $((N / 5)) ]; do
    j=$((j + 1))
    len=$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')
    if [ $((j % 2)) = 0 ]; then
        head -c $((len % 400)) /dev/urandom >"$tmp/in.ir"
    else
        { printf 'func f(i32 n) {\nentry:\n'; head -c $((len % 200)) /dev/urandom; } >"$tmp/in.ir"
    fi
    check "random bytes $j"
done

echo "garbage: $pass passed, $fail failed"
[ "$fail" = 0 ]
