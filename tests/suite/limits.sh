#!/bin/sh
# limits.sh - big and nasty inputs, generated on the fly: 1 MB lines, 100k-block
# functions, deep nesting. Each must be handled without a crash (a signal),
# within a limit of CPU time, and where a doubling of the size is measured,
# without a quadratic blow-up (the bigger input may take at most 4x the CPU
# time of the smaller one; only judged when the bigger takes over 0.3 s, and
# measured once more before failing).
#
# Nothing here judges wall-clock time, which a busy machine stretches at
# will (issue 26: the doublings failed beside 4-5 busy processes): CPU time
# (user + system of the command and its children, from the shell's `times`)
# is what the command did. Wall-clock time only bounds a hang, generously
# (ten times the CPU limit), and the CPU limit itself is also set with
# ulimit -t (twice the limit), so an endless loop ends early. The `note:`
# lines report growth that is not judged.
# Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
MINICC=${MINICC:-$(pwd)/$BUILD/minicc}
SLOW=1; case "$BUILD" in *asan*) SLOW=4 ;; esac   # sanitizers are slower
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); echo "ok   $1"; }
ko() { fail=$((fail + 1)); echo "FAIL $1"; }

# The CPU time of the shell's finished children (user + system, ms) in a
# file written by `times` (its second line; `times` must run in this shell,
# not in a pipe or $(...), whose subshell has no children of its own).
cpu_of() {
    awk 'NR == 2 { for (i = 1; i <= 2; i++) { split($i, a, "m"); sub("s", "", a[2]); t += a[1] * 60000 + a[2] * 1000 } }
         END { printf "%d\n", t }' "$1"
}

# measure LIMIT_SECONDS CMD...: runs CMD with a CPU limit of twice LIMIT
# (ulimit -t) and a wall-clock guard of ten times LIMIT; sets $st and $ms,
# the CPU time it took.
measure() {
    limit=$1; shift
    times >"$tmp/t0"
    timeout $((limit * 10)) sh -c 'ulimit -t "$0" && exec "$@"' $((limit * 2)) "$@" >"$tmp/out" 2>&1
    st=$?
    times >"$tmp/t1"
    ms=$(($(cpu_of "$tmp/t1") - $(cpu_of "$tmp/t0")))
}

# run NAME LIMIT_SECONDS EXPECTED_STATUSES CMD... : no signal, no time-out,
# at most LIMIT seconds of CPU time, exit status among EXPECTED
# (space-separated); sets $ms to the CPU time (ms).
run() {
    name=$1; limit=$(($2 * SLOW)); expect=$3; shift 3
    measure "$limit" "$@"
    case " $expect " in
    *" $st "*)
        if [ "$ms" -le $((limit * 1000)) ]; then ok "$name (cpu ${ms} ms)"
        else ko "$name: ${ms} ms of CPU time, more than ${limit} s"; fi ;;
    *)
        if [ "$st" = 124 ]; then ko "$name: no result within $((limit * 10)) s (wall clock; ${ms} ms of CPU time)"
        elif [ "$st" = 152 ] || [ "$st" = 137 ]; then ko "$name: over $((limit * 2)) s of CPU time (ulimit -t)"
        elif [ "$st" -gt 128 ]; then ko "$name: killed by signal $((st - 128))"
        else ko "$name: exit status $st, expected $expect"; fi
        head -c 600 "$tmp/out"; echo ;;
    esac
}

# ratio NAME SMALL_MS BIG_MS: the doubled input took at most 4x the CPU time
# (a linear one takes about 2x; a core shared with another busy process
# slows a run's CPU time by well under 2x).
ratio() {
    if [ "$3" -le 300 ] || [ "$3" -le $(($2 * 4)) ]; then ok "$1: ${2} ms -> ${3} ms of CPU time for twice the size"
    else ko "$1: ${2} ms -> ${3} ms of CPU time for twice the size (quadratic?)"; fi
}

# ---- 1 MB lines ---------------------------------------------------------------
# A 1 MB identifier.
awk 'BEGIN { n = "v"; while (length(n) < 1048576) n = n n;
             printf "func f() {\nentry:\n    %s = copy 7\n    return %s\n}\n", n, n }' >"$tmp/longname.ir"
run "1 MB name: parse" 20 "0" "$MINICC" parse "$tmp/longname.ir"
run "1 MB name: run" 20 "0" "$MINICC" run "$tmp/longname.ir"
grep -q '^return 7$' "$tmp/out" && ok "1 MB name: returns 7" || ko "1 MB name: returns 7"

# A whole 60k-instruction function on one line (about 1.2 MB).
awk 'BEGIN { printf "func f(i32 n) { entry: a0 = copy n";
             for (i = 1; i < 60000; i++) printf " a%d = add a%d, 1", i, i - 1;
             printf " return a59999 }\n" }' >"$tmp/oneline.ir"
run "1 MB line of instructions: run" 30 "0" "$MINICC" run "$tmp/oneline.ir" -- 5
grep -q '^return 60004$' "$tmp/out" && ok "one-line function returns 60004" || ko "one-line function returns 60004"
run "1 MB line: alloc K=2" 60 "0" "$MINICC" run "$tmp/oneline.ir" --stage alloc --regs 2 -- 5

# An error at column 1048600: the diagnostic (with its caret line) must come out.
awk 'BEGIN { printf "func f() {\nentry:"; for (i = 0; i < 1048576; i++) printf " "; printf "return @\n}\n" }' >"$tmp/farerror.ir"
run "error at column 1M" 20 "2" "$MINICC" parse "$tmp/farerror.ir"
grep -q ':2:10485[0-9]*: error' "$tmp/out" && ok "diagnostic names column 1M" || { ko "diagnostic names column 1M"; head -c 300 "$tmp/out"; }

# A 1 MB integer literal (leading zeros) and a 1 MB out-of-range one.
awk 'BEGIN { printf "func f() {\nentry:\n    return "; for (i = 0; i < 1048576; i++) printf "0"; printf "5\n}\n" }' >"$tmp/zeros.ir"
run "1 MB literal 000...05" 20 "0 2" "$MINICC" run "$tmp/zeros.ir"
awk 'BEGIN { printf "func f() {\nentry:\n    return "; for (i = 0; i < 1048576; i++) printf "9"; printf "\n}\n" }' >"$tmp/nines.ir"
run "1 MB literal 999...9 rejected" 20 "2" "$MINICC" run "$tmp/nines.ir"
# A 1 MB comment line and 1 MB of newlines.
awk 'BEGIN { printf "#"; for (i = 0; i < 1048576; i++) printf "x"; printf "\nfunc f() {\nentry:\n    return 1\n}\n" }' >"$tmp/comment.ir"
run "1 MB comment" 20 "0" "$MINICC" run "$tmp/comment.ir"
awk 'BEGIN { for (i = 0; i < 1048576; i++) printf "\n"; printf "func f() {\nentry:\n    return @\n}\n" }' >"$tmp/newlines.ir"
run "error on line 1M" 20 "2" "$MINICC" parse "$tmp/newlines.ir"
grep -q ':1048579:' "$tmp/out" && ok "diagnostic names line 1048579" || ko "diagnostic names line 1048579"

# ---- 100k-block functions ---------------------------------------------------------
# A chain of N blocks, each adding to a counter, with a diamond every 10 blocks.
chain() { # N FILE
    awk -v n="$1" 'BEGIN {
        printf "func chain(i32 x, buf m) {\nentry:\n    s = copy x\n    jump b0\n";
        for (i = 0; i < n; i++) {
            nx = (i + 1 < n) ? "b" (i + 1) : "done";
            printf "b%d:\n    s = add s, %d\n", i, i % 7;
            if (i % 10 == 0) {
                printf "    c = lt s, %d\n    branch c, t%d, e%d\n", i * 3, i, i;
                printf "t%d:\n    s = sub s, 1\n    jump %s\ne%d:\n    store m, 0, s\n    jump %s\n", i, nx, i, nx;
            } else printf "    jump %s\n", nx;
        }
        printf "done:\n    r = load m, 0\n    t = add r, s\n    return t\n}\n" }' >"$2"
}
chain 50000 "$tmp/chain50k.ir"
chain 100000 "$tmp/chain100k.ir"
run "50k-block chain: parse" 60 "0" "$MINICC" parse "$tmp/chain50k.ir"; small=$ms
run "100k-block chain: parse" 60 "0" "$MINICC" parse "$tmp/chain100k.ir"; big=$ms
ratio "chain parse" "$small" "$big"
run "50k-block chain: run" 60 "0" "$MINICC" run "$tmp/chain50k.ir" --max-steps 1000000 -- 3 "[0]"; small=$ms
run "100k-block chain: run" 60 "0" "$MINICC" run "$tmp/chain100k.ir" --max-steps 1000000 -- 3 "[0]"; big=$ms
ratio "chain run" "$small" "$big"
cp "$tmp/out" "$tmp/ref"
for stage in ssa opt; do
    run "50k-block chain: stage $stage" 120 "0" "$MINICC" run "$tmp/chain50k.ir" --stage $stage --max-steps 1000000 -- 3 "[0]"; small=$ms
    run "100k-block chain: stage $stage" 120 "0" "$MINICC" run "$tmp/chain100k.ir" --stage $stage --max-steps 1000000 -- 3 "[0]"; big=$ms
    cmp -s "$tmp/out" "$tmp/ref" && ok "100k-block chain: $stage agrees" || ko "100k-block chain: $stage agrees"
    ratio "chain $stage" "$small" "$big"
done
for alloc in improved baseline; do
    run "50k-block chain: alloc $alloc K=2" 120 "0" "$MINICC" run "$tmp/chain50k.ir" --stage alloc --allocator $alloc --regs 2 --max-steps 1000000 -- 3 "[0]"; small=$ms
    run "100k-block chain: alloc $alloc K=2" 120 "0" "$MINICC" run "$tmp/chain100k.ir" --stage alloc --allocator $alloc --regs 2 --max-steps 1000000 -- 3 "[0]"; big=$ms
    cmp -s "$tmp/out" "$tmp/ref" && ok "100k-block chain: alloc $alloc agrees" || ko "100k-block chain: alloc $alloc agrees"
    ratio "chain alloc $alloc" "$small" "$big"
done
# The step budget is a trap, not a hang.
run "100k-block chain: default step budget traps" 60 "3" "$MINICC" run "$tmp/chain100k.ir" -- 3 "[0]"
grep -q 'execution step limit exceeded' "$tmp/out" && ok "step limit message" || ko "step limit message"

# ---- deep nesting ------------------------------------------------------------------
# N loops nested in each other, each running once: dominator tree and loop
# nest of depth N (recursion over either would overflow the stack).
nest() { # N FILE
    awk -v n="$1" 'BEGIN {
        printf "func nest(i32 x) {\nentry:\n    s = copy x\n    jump p1\n";
        for (i = 1; i <= n; i++) {
            printf "p%d:\n    c%d = copy 1\n    jump h%d\n", i, i, i;
            printf "h%d:\n    branch c%d, b%d, x%d\n", i, i, i, i;
            printf "b%d:\n    c%d = copy 0\n    s = add s, 1\n", i, i;
            if (i < n) printf "    jump p%d\n", i + 1; else printf "    jump l%d\n", i;
            printf "l%d:\n    jump h%d\n", i, i;
            if (i > 1) printf "x%d:\n    jump l%d\n", i, i - 1;
        }
        printf "x1:\n    return s\n}\n" }' >"$2"
}
nest 25000 "$tmp/nest25000.ir"
nest 50000 "$tmp/nest50000.ir"
# Definite assignment: each loop's flag is live across every loop inside it,
# so a check that walks live ranges is quadratic here (it took 6.3 s and 25 s,
# which the 4x rule alone would let through; the time limit does not).
run "25000 nested loops: parse+verify+interpret" 10 "0" "$MINICC" run "$tmp/nest25000.ir" --max-steps 1000000 -- 1; small=$ms
run "50000 nested loops: parse+verify+interpret" 10 "0" "$MINICC" run "$tmp/nest50000.ir" --max-steps 1000000 -- 1; big=$ms
grep -q '^return 50001$' "$tmp/out" && ok "50000 nested loops return 50001" || ko "50000 nested loops return 50001"
ratio "nest input" "$small" "$big"
# The later stages build block liveness by iterative dataflow, which needs a
# number of rounds that grows with the loop nesting depth (each round costs
# blocks x live words): about cubic on this input. Reported, not failed:
# a `note:` line shows the growth; only a time-out or a crash fails.
nest 250 "$tmp/nest250.ir"
nest 500 "$tmp/nest500.ir"
for stage in ssa opt alloc; do
    run "250 nested loops: $stage" 60 "0" "$MINICC" run "$tmp/nest250.ir" --stage $stage --max-steps 1000000 -- 1; small=$ms
    run "500 nested loops: $stage" 60 "0" "$MINICC" run "$tmp/nest500.ir" --stage $stage --max-steps 1000000 -- 1; big=$ms
    grep -q '^return 501$' "$tmp/out" && ok "500 nested loops: $stage returns 501" || ko "500 nested loops: $stage returns 501"
    echo "note: nest $stage: ${small} ms -> ${big} ms of CPU time for twice the depth"
done
# 10000 and 20000 nested diamonds: if (c) { if (c) { ... } }, joins unwinding in reverse.
diamonds() { # N FILE
    awk -v n="$1" 'BEGIN {
        printf "func d(i32 x) {\nentry:\n    s = copy x\n    jump d0\n";
        for (i = 0; i < n; i++) {
            printf "d%d:\n    s = add s, 1\n    c = lt s, %d\n    branch c, %s, j%d\n", i, 1000000, (i + 1 < n) ? "d" (i + 1) : "j" i, i;
            printf "j%d:\n    s = mul s, 1\n    jump %s\n", i, (i > 0) ? "j" (i - 1) : "out";
        }
        printf "out:\n    return s\n}\n" }' >"$2"
}
diamonds 10000 "$tmp/diamonds10k.ir"
diamonds 20000 "$tmp/diamonds20k.ir"
run "10000 nested diamonds: alloc K=1" 120 "0" "$MINICC" run "$tmp/diamonds10k.ir" --stage alloc --regs 1 --max-steps 1000000 -- 0; small=$ms
run "20000 nested diamonds: alloc K=1" 120 "0" "$MINICC" run "$tmp/diamonds20k.ir" --stage alloc --regs 1 --max-steps 1000000 -- 0; big=$ms
grep -q '^return 20000$' "$tmp/out" && ok "nested diamonds return 20000" || ko "nested diamonds return 20000"
ratio "nested diamonds alloc" "$small" "$big"

# ---- a wide join ---------------------------------------------------------------------
# An if-else-if chain of N arms joining in one block (a lowered switch): one
# block with N + 1 predecessors and a phi of N + 1 entries. Dominators by
# Cooper-Harvey-Kennedy walked each arm's idom chain, N^2/2 steps (16k arms:
# 7 s through the opt stage, 50 s through check), and SCCP, the run path,
# phi destruction and the C backend each scanned the phi once per edge.
# The CPU limits are far above what a linear build needs and far below what
# the quadratic one took; the doubling is only reported (bench/dom.c judges
# it).
switch_chain() { # N FILE
    awk -v n="$1" 'BEGIN {
        printf "func sw(i32 x) {\nentry:\n    r = copy -1\n    jump c0\n";
        for (i = 0; i < n; i++) {
            printf "c%d:\n    t = eq x, %d\n    branch t, a%d, %s\n", i, i, i, (i + 1 < n) ? "c" (i + 1) : "dflt";
            printf "a%d:\n    r = mul x, %d\n    jump done\n", i, i % 97 + 2;
        }
        printf "dflt:\n    r = copy 7\n    jump done\ndone:\n    return r\n}\n" }' >"$2"
}
switch_chain 16000 "$tmp/switch16k.ir"
switch_chain 32000 "$tmp/switch32k.ir"
run "16000-arm switch: stage opt" 20 "0" "$MINICC" run "$tmp/switch16k.ir" --stage opt -- 77; small=$ms
run "32000-arm switch: stage opt" 20 "0" "$MINICC" run "$tmp/switch32k.ir" --stage opt -- 77; big=$ms
grep -q '^return 6083$' "$tmp/out" && ok "32000-arm switch returns 6083" || ko "32000-arm switch returns 6083"
echo "note: switch opt: ${small} ms -> ${big} ms of CPU time for twice the arms"
# check without native code (CC=false: the C compiler's own -O2 time on a
# 64k-block function is not minicc's): every other stage must agree.
run "16000-arm switch: check" 30 "1" env CC=false XDG_CACHE_HOME="$tmp/cache" "$MINICC" check "$tmp/switch16k.ir" -- 77; small=$ms
run "32000-arm switch: check" 30 "1" env CC=false XDG_CACHE_HOME="$tmp/cache" "$MINICC" check "$tmp/switch32k.ir" -- 77; big=$ms
# every stage but native: 8, and asm rv64 where its tools are (else `not run`)
want=8
command -v riscv64-linux-gnu-as >/dev/null 2>&1 && command -v riscv64-linux-gnu-ld >/dev/null 2>&1 &&
    command -v qemu-riscv64 >/dev/null 2>&1 && want=9
[ "$(grep -c ' return 6083$' "$tmp/out")" = $want ] && ok "32000-arm switch: $want stages return 6083" \
    || { ko "32000-arm switch: $want stages return 6083"; head -c 600 "$tmp/out"; }
echo "note: switch check: ${small} ms -> ${big} ms of CPU time for twice the arms"
run "32000-arm switch: alloc baseline K=2" 20 "0" "$MINICC" run "$tmp/switch32k.ir" --stage alloc --allocator baseline --regs 2 -- 77
grep -q '^return 6083$' "$tmp/out" && ok "32000-arm switch: baseline allocation returns 6083" || ko "32000-arm switch: baseline allocation returns 6083"
run "32000-arm switch: emit-c" 20 "0" "$MINICC" emit-c "$tmp/switch32k.ir"
# Arms that only set a constant: SCCP empties them and simplifycfg bypasses
# 32k empty blocks into the join; one of them per sweep over the whole
# function took 42 s.
sed 's/r = mul x, [0-9]*/r = copy 5/' "$tmp/switch32k.ir" >"$tmp/switch32k5.ir"
run "32000-arm switch of constants: stage opt" 20 "0" "$MINICC" run "$tmp/switch32k5.ir" --stage opt -- 77
grep -q '^return 5$' "$tmp/out" && ok "32000-arm switch of constants returns 5" || ko "32000-arm switch of constants returns 5"
# Every arm and the default the same constant: the phi stays constant while
# its 128k edges become executable one by one, and SCCP evaluated all its
# entries for each (over a minute; now each change is met in alone).
switch_chain 128000 "$tmp/switch128k.ir"
sed 's/r = mul x, [0-9]*/r = copy 5/; s/r = copy 7/r = copy 5/' "$tmp/switch128k.ir" >"$tmp/switch128k5.ir"
run "128000-arm switch, all 5: stage opt" 30 "0" "$MINICC" run "$tmp/switch128k5.ir" --stage opt -- 77
grep -q '^return 5$' "$tmp/out" && ok "128000-arm switch, all 5, returns 5" || ko "128000-arm switch, all 5, returns 5"

# ---- many values live at once --------------------------------------------------------
# 1500 values all live until the end: a dense interference graph (1.1M edges).
awk -v n=1500 'BEGIN {
    printf "func wide(i32 x) {\nentry:\n";
    for (i = 0; i < n; i++) printf "    v%d = add x, %d\n", i, i;
    printf "    s0 = copy v0\n";
    for (i = 1; i < n; i++) printf "    s%d = add s%d, v%d\n", i, i - 1, i;
    printf "    return s%d\n}\n", n - 1 }' >"$tmp/wide.ir"
run "1500 live values: alloc K=16" 120 "0" "$MINICC" run "$tmp/wide.ir" --stage alloc --regs 16 -- 1
grep -q '^return 1125750$' "$tmp/out" && ok "1500 live values return 1125750" || ko "1500 live values return 1125750"

# ---- dense interference: parameters summed in a chain (issue 14) -------------------
# p0 + p1 + ... + p(N-1): every parameter is live on entry, so the graph has
# about N^2 edges (64 million for 8000). Adjacency rows needed 1 GB and most
# of a minute for that; the bit matrix needs 8 MB. Run in 512 MB of address
# space (not under the sanitizers, which reserve terabytes of it) with a
# generous time limit. 20000 parameters (400 million interferences) are over
# the default limit: refused at once with the documented message, exit 2.
params_chain() { # N FILE
    awk -v n="$1" 'BEGIN {
        printf "func chain("; for (i = 0; i < n; i++) printf "%si32 p%d", (i ? ", " : ""), i;
        printf ") {\nentry:\n    s1 = add p0, p1\n";
        for (i = 2; i < n; i++) printf "    s%d = add s%d, p%d\n", i, i - 1, i;
        printf "    return s%d\n}\n", n - 1 }' >"$2"
}
vmem=524288; case "$BUILD" in *asan*) vmem=unlimited ;; esac
params_chain 8000 "$tmp/chain8k.ir"
params_chain 20000 "$tmp/chain20k.ir"
# shellcheck disable=SC2046
run "8000 parameters in a chain: alloc K=4 in 512 MB" 120 "0" \
    sh -c 'ulimit -v "$0" && exec "$@"' "$vmem" "$MINICC" run "$tmp/chain8k.ir" --stage alloc --regs 4 -- $(seq 1 8000)
grep -q '^return 32004000$' "$tmp/out" && ok "8000-parameter chain returns 32004000" || ko "8000-parameter chain returns 32004000"
# shellcheck disable=SC2046
run "8000 parameters in a chain: baseline K=16 in 512 MB" 120 "0" \
    sh -c 'ulimit -v "$0" && exec "$@"' "$vmem" "$MINICC" run "$tmp/chain8k.ir" --stage alloc --regs 16 --allocator baseline -- $(seq 1 8000)
# shellcheck disable=SC2046
run "20000 parameters in a chain: refused in 512 MB" 60 "2" \
    sh -c 'ulimit -v "$0" && exec "$@"' "$vmem" "$MINICC" run "$tmp/chain20k.ir" --stage alloc -- $(seq 1 20000)
grep -q 'error: interference graph too large to colour: 39999 nodes, 399960001 interferences (at most 150000000; \$MINICC_MAX_INTERFERENCES raises the limit)$' "$tmp/out" \
    && ok "20000-parameter chain: the limit's message" || { ko "20000-parameter chain: the limit's message"; head -c 300 "$tmp/out"; echo; }

# ---- memory per function --------------------------------------------------------------
# 200,000 one-block functions (8.5 MB of text): every function has its own
# arena, so its first chunk must be small (a 16 KB first chunk made this need
# 1.0 GB). Goal: at most 150 MB resident (maximum RSS, GNU time), or, without
# GNU time, parsing within 200 MB of address space (ulimit -v). Sanitizer
# builds shadow every byte and keep freed blocks in quarantine: there the
# limit is 800 MB (RSS only; about 475 MB measured, 1.0 GB+ before the fix).
awk 'BEGIN { for (i = 0; i < 200000; i++) printf "func f%d() {\nentry:\n    return %d\n}\n", i, i }' >"$tmp/many.ir"
limit_mb=150; [ "$SLOW" = 1 ] || limit_mb=800
if /usr/bin/time -f %M -o "$tmp/rss" true 2>/dev/null; then
    run "200,000 functions: parse" 60 "0" /usr/bin/time -f %M -o "$tmp/rss" "$MINICC" parse "$tmp/many.ir"
    rss_kb=$(tail -n 1 "$tmp/rss")
    if [ "$rss_kb" -le $((limit_mb * 1024)) ] 2>/dev/null; then ok "200,000 functions: $((rss_kb / 1024)) MB resident (at most $limit_mb MB)"
    else ko "200,000 functions: ${rss_kb} KB resident (at most $limit_mb MB)"; fi
elif [ "$SLOW" = 1 ]; then
    run "200,000 functions: parse within ulimit -v 200 MB" 60 "0" sh -c 'ulimit -v 204800 && exec "$0" parse "$1"' "$MINICC" "$tmp/many.ir"
else
    echo "note: 200,000 functions: memory not measured (no GNU time; ulimit -v does not work under ASan)"
fi
grep -q '^    return 199999$' "$tmp/out" && ok "200,000 functions: the last one printed" || ko "200,000 functions: the last one printed"

echo "$pass passed, $fail failed"
