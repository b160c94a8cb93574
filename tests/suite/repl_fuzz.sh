#!/bin/sh
# repl_fuzz.sh - random command scripts against the minicc> command layer in
# batch mode: every script must end with status 0 or 1 (never a crash, an
# internal error or a sanitizer report), whatever mix of commands, words,
# numbers, files and half-typed brackets it throws. Deterministic (seeded);
# SCRIPTS=N runs more. Prints "repl_fuzz: N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
root=$(pwd)
MINICC=${MINICC:-$root/build/minicc}
case $MINICC in /*) ;; *) MINICC=$root/$MINICC ;; esac
n=${SCRIPTS:-200}
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# Run in a scratch directory: emit and dot write files named by random words.
mkdir -p "$tmp/work/repl" "$tmp/work/ir" "$tmp/share/minicc/examples"
cp tests/repl/*.ir "$tmp/work/repl/"
cp tests/ir/*.ir "$tmp/work/ir/"
cp share/minicc/examples/*.ir "$tmp/share/minicc/examples/"
cd "$tmp/work/repl"

i=1
while [ $i -le "$n" ]; do
    awk -v seed="$i" -v tmp="$tmp" 'BEGIN {
        srand(seed)
        nc = split("load func args reset source help list show cfg dom live passes ssa opt destroy alloc " \
                   "interference regs sweep emit run start step stepi continue break delete back where print " \
                   "values set machine check dot s si c b p l st ste ig", cmds, " ")
        nw = split("input ssa opt destroyed allocated c minimal semi pruned baseline improved phi-mode parallel " \
                   "sequential stage max-steps regs allocator cfg interference dom entry head body exit loop " \
                   "a b i n x s r t sccp dce gvn copyprop simplifycfg 0 1 2 3 -1 5 100 2147483647 -2147483648 " \
                   "99999999999999999999 [1,2,3] [] [ ] [1,2 \x27 \" # ; $edge1 $edge2", words, " ")
        nf = split("../../share/minicc/examples/swap.ir ../ir/sum.ir ../ir/fact_mutable.ir ../ir/diamond.ir " \
                   "../ir/fill_oob.ir ../ir/lost_copy.ir ../ir/multi.ir ../ir/wrap.ir bad_syntax.ir " \
                   "bad_huge.ir missing.ir", files, " ")
        lines = 5 + int(rand() * 30)
        for (k = 0; k < lines; k++) {
            c = cmds[1 + int(rand() * nc)]
            if (c == "load" || rand() < 0.1) { print "load " files[1 + int(rand() * nf)]; continue }
            if (c == "source") { print "source /dev/null"; continue }
            if (c == "dot" && rand() < 0.5) { print "dot cfg " tmp "/out.dot"; continue }
            line = c
            if ((c == "step" || c == "stepi" || c == "s" || c == "back" || c == "alloc" || c == "sweep") && rand() < 0.7)
                line = line " " (1 + int(rand() * 12))
            else if (c == "args" && rand() < 0.6)
                line = line " " (rand() < 0.5 ? "3" : "[3,-1,4,1,5] 2")
            else
                for (w = int(rand() * 3); w > 0; w--) line = line " " words[1 + int(rand() * nw)]
            print line
        }
    }' >"$tmp/script"
    "$MINICC" <"$tmp/script" >"$tmp/out" 2>"$tmp/err"
    [ -n "${KEEP:-}" ] && cp "$tmp/script" "$KEEP.$i"
    st=$?
    if [ $st -le 1 ] && ! grep -Eq 'Sanitizer|runtime error|internal error' "$tmp/err"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL script $i: exit status $st"
        sed 's/^/    | /' "$tmp/script" | head -40
        grep -E 'Sanitizer|runtime error|internal error' "$tmp/err" | head -5
    fi
    i=$((i + 1))
done
echo "repl_fuzz: $pass passed, $fail failed"
[ "$fail" = 0 ]
