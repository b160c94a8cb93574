#!/bin/sh
# repl_fuzz.sh - random command scripts against the minicc> command layer in
# batch mode: every script must end with status 0 or 1 (never a crash, an
# internal error or a sanitizer report), whatever mix of commands, words,
# numbers, files and half-typed brackets it throws. Deterministic: script i
# comes from seed i through a generator written out here (awk's own rand()
# differs between mawk and gawk), so every machine runs the same scripts;
# SCRIPTS=N runs more, KEEP=PREFIX keeps them as PREFIX.i. A self-test first
# runs the suite against MINICCs that crash, exit 7 or report a sanitizer
# error: each must fail every script. Prints "repl_fuzz: N passed, N failed".
set -u
export LC_ALL=C
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

# run_scripts MINICC N: scripts 1..N against MINICC, counted in pass/fail.
run_scripts() {
mc=$1
i=1
while [ $i -le "$2" ]; do
    awk -v seed="$i" -v tmp="$tmp" '
    function rnd() { state = (state * 16807) % 2147483647; return (state - 1) / 2147483646 } # Park-Miller
    BEGIN {
        state = seed % 2147483646 + 1
        for (k = 0; k < 8; k++) rnd()
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
        lines = 5 + int(rnd() * 30)
        for (k = 0; k < lines; k++) {
            c = cmds[1 + int(rnd() * nc)]
            if (c == "load" || rnd() < 0.1) { print "load " files[1 + int(rnd() * nf)]; continue }
            if (c == "source") { print "source /dev/null"; continue }
            if (c == "dot" && rnd() < 0.5) { print "dot cfg " tmp "/out.dot"; continue }
            line = c
            if ((c == "step" || c == "stepi" || c == "s" || c == "back" || c == "alloc" || c == "sweep") && rnd() < 0.7)
                line = line " " (1 + int(rnd() * 12))
            else if (c == "args" && rnd() < 0.6)
                line = line " " (rnd() < 0.5 ? "3" : "[3,-1,4,1,5] 2")
            else
                for (w = int(rnd() * 3); w > 0; w--) line = line " " words[1 + int(rnd() * nw)]
            print line
        }
    }' >"$tmp/script" && [ -s "$tmp/script" ] || { fail=$((fail + 1)); echo "FAIL script $i: cannot generate it"; i=$((i + 1)); continue; }
    "$mc" <"$tmp/script" >"$tmp/out" 2>"$tmp/err"
    st=$?
    [ -n "${KEEP:-}" ] && cp "$tmp/script" "$KEEP.$i"
    if [ $st -le 1 ] && ! grep -Eq 'Sanitizer|runtime error|internal error' "$tmp/err"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL script $i (seed $i): exit status $st"
        sed 's/^/    | /' "$tmp/script" | head -40
        grep -E 'Sanitizer|runtime error|internal error' "$tmp/err" | head -5
    fi
    i=$((i + 1))
done
}

# Self-test: the suite can fail. Each wrapper must fail all three scripts.
printf '#!/bin/sh\nkill -SEGV $$\n' >"$tmp/segv"
printf '#!/bin/sh\nexit 7\n' >"$tmp/exit7"
printf '#!/bin/sh\necho "==1==ERROR: AddressSanitizer: heap-use-after-free" >&2\n' >"$tmp/asan"
chmod +x "$tmp/segv" "$tmp/exit7" "$tmp/asan"
for w in segv exit7 asan; do
    pass=0; fail=0
    run_scripts "$tmp/$w" 3 >/dev/null
    self="self-test: a MINICC that does $w fails every script"
    if [ "$pass" = 0 ] && [ "$fail" = 3 ]; then selfok=$((${selfok:-0} + 1)); echo "ok   $self"
    else selfbad=$((${selfbad:-0} + 1)); echo "FAIL $self ($pass passed, $fail failed)"; fi
done
pass=${selfok:-0}; fail=${selfbad:-0}

run_scripts "$MINICC" "$n"
echo "repl_fuzz: $pass passed, $fail failed"
[ "$fail" = 0 ]
