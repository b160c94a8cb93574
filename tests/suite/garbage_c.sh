#!/bin/sh
# garbage_c.sh - MiniC's front end on hostile input: the MiniC examples and
# tests/minic/*.c with bytes cut out and C tokens or random bytes spliced in,
# and files of random tokens: all from SEED (default 11) through a generator
# written out here (awk's own rand() differs between mawk and gawk), so
# every machine runs the same cases and a failure names the seed that
# replays it (SEED=S N=N sh tests/suite/garbage_c.sh). Every run of
# `minicc parse` must end with status 0 (and its output, IR, must parse back
# to itself) or status 2 with a FILE:LINE:COL diagnostic; anything else (a
# crash, a sanitizer report under `make asan`) fails and the input is shown.
# Ends with "N passed, N failed".
set -u
export LC_ALL=C # the order of the file list below
cd "$(dirname "$0")/../.."
MINICC=${MINICC:-build/minicc}
N=${N:-300}
SEED=${SEED:-11}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
files=$(ls share/minicc/examples/*.c tests/minic/*.c)
pass=0
fail=0

# The generator: Park-Miller in awk (exact in doubles, the same everywhere);
# junk is C tokens (octal escapes keep it one word) or random bytes.
rng='function rnd() { state = (state * 16807) % 2147483647; return (state - 1) / 2147483646 }
     function seed(s) { state = s % 2147483646 + 1; for (q = 0; q < 8; q++) rnd() }
     function oct(s,   j, t) { t = ""; for (j = 1; j <= length(s); j++) t = t sprintf("\\%03o", ord[substr(s, j, 1)]); return t }
     function junk(k,   j, t) {
         t = "x"
         for (j = 0; j < k; j++)
             if (rnd() < 0.2) t = t sprintf("\\%03o", int(rnd() * 256))
             else t = t oct(tok[int(rnd() * ntok)] " ")
         return t
     }
     function init(   i, n) {
         for (i = 0; i < 256; i++) ord[sprintf("%c", i)] = i
         n = split("( ) { } [ ] ; , ? : = == != < <= > >= + - * / % & | ^ ~ ! && || << >> += -= ++ -- int if else while do for break continue return x y a n 0 1 7 -2147483648 2147483648 0x7fffffff 012 /* */ // # \" char void switch goto sizeof", tok, " ")
         ntok = n
     }'

awk -v n="$N" -v s="$SEED" "$rng"'
BEGIN {
    init(); seed(s)
    for (i = 0; i < n; i++) {
        printf "%d %d %d ", int(rnd() * 1000), int(rnd() * 100000), int(rnd() * 12)
        print junk(int(rnd() * 6))
    }
}' >"$tmp/plan"
awk -v n="$N" -v s="$SEED" "$rng"'
BEGIN {
    init(); seed(s + 1000003)
    for (j = 1; j <= int(n / 5); j++) print junk(int(rnd() * (j % 2 ? 40 : 120)))
}' >"$tmp/tokens"
if ! [ -s "$tmp/plan" ] || ! [ -s "$tmp/tokens" ]; then
    echo "FAIL cannot generate the cases"; echo "garbage_c: 0 passed, 1 failed"; exit 1
fi

check() { # name: runs minicc parse on $tmp/in.c and judges the outcome
    "$MINICC" parse "$tmp/in.c" >"$tmp/out" 2>"$tmp/err"
    st=$?
    ok=0
    if [ "$st" = 0 ]; then
        "$MINICC" parse "$tmp/out" >"$tmp/out2" 2>&1 &&
            sed 's/ *# line [0-9]*$//' "$tmp/out" | cmp -s - "$tmp/out2" && ok=1
    elif [ "$st" = 2 ]; then
        grep -q "^$tmp/in.c:[0-9]*:[0-9]*: error: " "$tmp/err" && ok=1
    fi
    if [ "$ok" = 1 ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $1: status $st (replay: SEED=$SEED N=$N sh tests/suite/garbage_c.sh)"
        head -c 2000 "$tmp/err"
        head -c 2000 "$tmp/in.c"
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
    } >"$tmp/in.c"
    check "mutation $i of $f (offset $off, cut $cut)"
done <"$tmp/plan"

j=0
while read -r junk; do
    j=$((j + 1))
    if [ $((j % 2)) = 0 ]; then
        # shellcheck disable=SC2059
        printf "${junk#x}" >"$tmp/in.c"
    else
        # shellcheck disable=SC2059
        { printf 'int f(int n) {\n'; printf "${junk#x}"; } >"$tmp/in.c"
    fi
    check "random tokens $j"
done <"$tmp/tokens"

echo "garbage_c: $pass passed, $fail failed"
[ "$fail" = 0 ]
