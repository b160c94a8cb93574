#!/bin/sh
# tools/ssacmp.sh - SSA construction, phi destruction, interference and
# allocation: old build against new, byte for byte. Too slow for `make check`
# (about a minute: the 100k bench function goes through every stage).
#
#   REF=/tmp/ssa-ref REF_DUMP=/tmp/ssadump-ref sh tools/ssacmp.sh [COUNT]
#
# REF is an old minicc binary, REF_DUMP tools/ssadump.c built against the
# same old build/libminicc.a (cc ... tools/ssadump.c build/libminicc.a -lm
# [-ltcc -ldl]). The new side is build/minicc and ssadump built here.
# Compared, for every .ir and .c of tests/ir, bench/kernels and
# share/minicc/examples, COUNT (default 300) generated mutable programs and
# the 100k-instruction function of bench/pipeline.c:
#   minicc print --stage ssa (each policy), opt, destroyed, allocated
#   (improved K = 4, baseline K = 3), the prompt's `interference`; and
#   ssadump dump (every field of every stage's result, the whole graphs).
# Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
NEW=$(pwd)/$BUILD/minicc
REF=${REF:?REF=old minicc}
REF_DUMP=${REF_DUMP:?REF_DUMP=old ssadump}
COUNT=${1:-300}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
libs="-lm"
if grep -q 'HAVE_LIBTCC 1' "$BUILD/gen/minicc_config.h" 2>/dev/null; then libs="$libs -ltcc -ldl"; fi
${CC:-cc} -std=c11 -O2 -Iinclude -Isrc -I"$BUILD/gen" -D_POSIX_C_SOURCE=200809L tools/ssadump.c \
    "$BUILD/libminicc.a" $libs -o "$tmp/ssadump" || exit 2
DUMP=$tmp/ssadump
pass=0; fail=0

same() { # label, command with @ for the binary; run with REF then NEW
    label=$1; shift
    cmd=$*
    sh -c "$(echo "$cmd" | sed "s|@|$REF|g")" >"$tmp/a" 2>&1
    sh -c "$(echo "$cmd" | sed "s|@|$NEW|g")" >"$tmp/b" 2>&1
    if cmp -s "$tmp/a" "$tmp/b"; then pass=$((pass + 1))
    else fail=$((fail + 1)); echo "DIFF $label"; diff "$tmp/a" "$tmp/b" | head -20; fi
}

dumps() { # label, IR file
    "$REF_DUMP" dump "$2" >"$tmp/a" 2>&1
    "$DUMP" dump "$2" >"$tmp/b" 2>&1
    if cmp -s "$tmp/a" "$tmp/b"; then pass=$((pass + 1))
    else fail=$((fail + 1)); echo "DIFF dump $1"; diff "$tmp/a" "$tmp/b" | head -20; fi
}

cli() { # file: the one-shot and prompt outputs
    f=$1
    for k in pruned semi minimal; do same "$f ssa $k" "@ print $f --stage ssa --ssa $k --stats"; done
    same "$f opt" "@ print $f --stage opt -O1"
    same "$f destroyed" "@ print $f --stage destroyed -O0"
    same "$f allocated" "@ print $f --stage allocated --regs 4 -O1"
    same "$f allocated baseline" "@ print $f --stage allocated --regs 3 --allocator baseline -O0"
    same "$f interference" "@ -c 'load $f; alloc 4; interference' </dev/null"
}

for f in tests/ir/*.ir bench/kernels/*.ir share/minicc/examples/*.ir share/minicc/examples/*.c; do
    cli "$f"
    case $f in
    *.c) "$NEW" print "$f" --stage input >"$tmp/c.ir" 2>/dev/null && dumps "$f" "$tmp/c.ir" ;;
    *) dumps "$f" "$f" ;;
    esac
done

i=0
while [ "$i" -lt "$COUNT" ]; do
    seed=$((4242 + i * 7))
    size=$((20 + (i % 7) * 40))
    "$NEW" gen --seed "$seed" --form mutable --size "$size" --vars 10 >"$tmp/g.ir" 2>/dev/null
    dumps "gen seed $seed size $size" "$tmp/g.ir"
    if [ $((i % 10)) = 0 ]; then cli "$tmp/g.ir"; fi
    i=$((i + 1))
done

"$DUMP" gen 100000 >"$tmp/big.ir"
same "100k ssa" "@ print $tmp/big.ir --stage ssa"
same "100k opt" "@ print $tmp/big.ir --stage opt -O1"
same "100k allocated" "@ print $tmp/big.ir --stage allocated --regs 8 -O1"
same "100k interference" "@ -c 'load $tmp/big.ir; alloc 8; interference' </dev/null"
dumps "100k" "$tmp/big.ir"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
