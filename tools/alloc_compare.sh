#!/bin/sh
# alloc_compare.sh - are the improved allocator's allocations byte-identical
# between a reference build and this one? (Not part of `make check`: about
# two minutes.)
#
#   tools/alloc_compare.sh REF_MINICC REF_LIBMINICC_A [OUTDIR]
#
# REF_MINICC and REF_LIBMINICC_A are copies of build/minicc and
# build/libminicc.a from before the change (cp them away first); the
# current ones are build/minicc and build/libminicc.a (run `make` first).
# For both it prints, with `minicc print --stage allocated --trace-alloc`
# (the allocation, every trace event, the function with its deleted copies):
#   - every .ir of tests/ir, bench/kernels and share/minicc/examples and the
#     .c examples, at -O0 and -O1;
#   - 300 generated programs (`minicc gen`, seeds 1..300, sizes 40..400),
#     at -O1;
#   - a function of 600 parameters summed in a chain (its graph is stored
#     as a bit matrix, the dense form);
# each at K = 1, 2, 3, 4, 8, 16 (the dense chain also at 65 and 70) under the default switches, coalesce=off
# and coalesce=aggressive (the corpus also under the other colouring
# switches) and with the baseline allocator, and with tools/allocdump.c (compiled against each library)
# bench/pipeline.c's 100k function at K = 1, 2, 4, 8, 16 (K = 8 under the
# three coalescing switches), its stress function (seed 20461130) at 25k,
# and a 20k function with its whole trace. Then it compares the two dumps
# and prints the first differences. Exit status 0 when identical.
set -u
ref_bin=${1:?usage: alloc_compare.sh REF_MINICC REF_LIBMINICC_A [OUTDIR]}
ref_lib=${2:?usage: alloc_compare.sh REF_MINICC REF_LIBMINICC_A [OUTDIR]}
out=${3:-/tmp/alloc_compare.$$}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out/progs"
cd "$root" || exit 2

CC=${CC:-cc}
for side in ref new; do
    lib=$ref_lib
    [ $side = new ] && lib=build/libminicc.a
    tcc=""
    if nm "$lib" 2>/dev/null | grep -q ' U tcc_new'; then tcc="-ltcc -ldl"; fi
    # shellcheck disable=SC2086
    $CC -O2 -std=c11 -Iinclude -Isrc -D_POSIX_C_SOURCE=200809L -o "$out/allocdump-$side" tools/allocdump.c "$lib" \
        -lm $tcc || exit 2
done

# the programs: generated ones and the dense chain
s=1
while [ $s -le 300 ]; do
    size=$((40 + (s * 37) % 361))
    build/minicc gen --seed $s --size $size > "$out/progs/gen$s.ir" || exit 2
    s=$((s + 1))
done
awk 'BEGIN {
    n = 600; printf "func chain(";
    for (i = 0; i < n; i++) printf "%si32 p%d", i ? ", " : "", i;
    printf ") {\nentry:\n    s0 = copy p0\n";
    for (i = 1; i < n; i++) printf "    s%d = add s%d, p%d\n", i, i - 1, i;
    printf "    return s%d\n}\n", n - 1 }' > "$out/progs/chain600.ir"

corpus=$(ls tests/ir/*.ir bench/kernels/*.ir share/minicc/examples/*.ir share/minicc/examples/*.c)
gens=$(ls "$out"/progs/*.ir)
corpus_sw="default coalesce=off coalesce=aggressive no-bias no-recolour no-slot-sharing metric=cost/degree
metric=cost/degree2 metric=cost metric=chapter variant=coalesce variant=no-coalesce variant=degree"
gen_sw="default coalesce=off coalesce=aggressive"

dump() { # BIN DUMPER OUTFILE
    bin=$1
    dumper=$2
    {
        for f in $corpus; do
            for opt in -O0 -O1; do
                for k in 1 2 3 4 8 16; do
                    for sw in $corpus_sw; do
                        echo "== $f $opt K=$k $sw"
                        "$bin" print "$f" --stage allocated --regs $k --alloc-opt "$sw" --trace-alloc $opt 2>&1
                        echo "rc=$?"
                    done
                    echo "== $f $opt K=$k baseline"
                    "$bin" print "$f" --stage allocated --regs $k --allocator baseline --trace-alloc $opt 2>&1
                    echo "rc=$?"
                done
            done
        done
        for f in $gens; do
            for k in 1 2 3 4 8 16; do
                for sw in $gen_sw; do
                    echo "== $(basename "$f") K=$k $sw"
                    "$bin" print "$f" --stage allocated --regs $k --alloc-opt "$sw" --trace-alloc -O1 2>&1
                    echo "rc=$?"
                done
                echo "== $(basename "$f") K=$k baseline"
                "$bin" print "$f" --stage allocated --regs $k --allocator baseline --trace-alloc -O1 2>&1
                echo "rc=$?"
            done
        done
        for k in 65 70; do # more registers than one 64-bit word of bits holds
            for f in "$out/progs/chain600.ir" bench/kernels/poly.ir; do
                echo "== $(basename "$f") K=$k"
                "$bin" print "$f" --stage allocated --regs $k --trace-alloc -O1 2>&1
                echo "rc=$?"
            done
        done
        for k in 1 2 4 8 16; do
            echo "== pipeline 100k K=$k"
            "$dumper" 20261130 100000 $k - 2>&1
        done
        for sw in coalesce=off coalesce=aggressive; do
            echo "== pipeline 100k K=8 $sw"
            "$dumper" 20261130 100000 8 $sw 2>&1
        done
        for k in 2 8; do
            echo "== stress 25k K=$k"
            "$dumper" 20461130 25000 $k - trace 2>&1
        done
        echo "== pipeline 20k K=4 trace"
        "$dumper" 20261130 20000 4 - trace 2>&1
    } > "$3"
}

dump "$ref_bin" "$out/allocdump-ref" "$out/ref.txt" &
dump build/minicc "$out/allocdump-new" "$out/new.txt"
wait
cases=$(grep -c '^== ' "$out/new.txt")
if cmp -s "$out/ref.txt" "$out/new.txt"; then
    echo "alloc_compare: identical ($cases cases, $(wc -c < "$out/new.txt") bytes; dumps in $out)"
    exit 0
fi
echo "alloc_compare: DIFFERENT (dumps in $out/ref.txt and $out/new.txt); first differences:"
diff "$out/ref.txt" "$out/new.txt" | head -40
exit 1
