#!/bin/sh
# optdiff.sh - the optimizer's output, old against new: `print --stage opt`
# (and its `--stats` table) of two minicc binaries on every .ir of tests/ir,
# bench/kernels and share/minicc/examples, the .c examples, and generated
# programs (tools/optdiff_gen.c: defaults, mutable, SSA, opaque values,
# opaque mutable with capped pieces, larger, no traps; with --big also
# bench/pipeline.c's 100k function and a 20k prefix of it).
# Not part of `make check` (it needs the reference binary and takes a
# minute or two): run it by hand before and after changing src/engine/opt.
#
# usage: sh tools/optdiff.sh REF_MINICC [NEW_MINICC] [N per option set] [--big]
# Prints "N same, N different"; exits 1 on any difference.
set -u
cd "$(dirname "$0")/.."
REF=${1:?usage: optdiff.sh REF_MINICC [NEW_MINICC] [N] [--big]}
NEW=${2:-build/minicc}
N=${3:-60}
BIG=${4:-}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/gen"
cc -std=c11 -O1 -Iinclude -D_POSIX_C_SOURCE=200809L -o "$tmp/optdiff_gen" tools/optdiff_gen.c build/libminicc.a -lm || exit 2
"$tmp/optdiff_gen" "$tmp/gen" "$N" $BIG || exit 2
same=0; diff=0
for f in tests/ir/*.ir bench/kernels/*.ir share/minicc/examples/*.ir share/minicc/examples/*.c "$tmp"/gen/*.ir; do
    for mode in "" "--stats" "-O0" "--ssa minimal" "--ssa semi --stats"; do
        # shellcheck disable=SC2086
        "$REF" print "$f" --stage opt $mode >"$tmp/a" 2>&1; ra=$?
        # shellcheck disable=SC2086
        "$NEW" print "$f" --stage opt $mode >"$tmp/b" 2>&1; rb=$?
        if [ "$ra" = "$rb" ] && cmp -s "$tmp/a" "$tmp/b"; then
            same=$((same + 1))
        else
            diff=$((diff + 1))
            echo "DIFF $f $mode (exit $ra vs $rb)"
            diff "$tmp/a" "$tmp/b" | head -10
        fi
    done
done
echo "$same same, $diff different"
[ "$diff" = 0 ]
