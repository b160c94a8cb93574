#!/bin/sh
# tui_live.sh - the workbench in front of a class (issue 29), in a real
# terminal at 80x24 and at 200x60: minicc --tui runs inside a private tmux
# server. Checks the running indicator while `c` runs (the step count, the
# Ctrl-C hint, drawn again after a resize) and quitting (asked once when
# a run would be lost), the light themes (colours applied) and back steps
# after a long run (from checkpoints), reverse steps by C line and by
# instruction (S, I), the C-to-IR colour bands, :diff of a pass, v keeping the position across stages, the C pane following execution and
# save-session (a lesson that replays the session). Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
MINICC=${MINICC:-$(pwd)/build/minicc}
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $1"; }

. tests/suite/lib/tmux.sh # tmux_setup, screen, wait_for, check, check_not, keys, exited
have_tmux || tmux_skip
tmux_setup live
examples=$(pwd)/share/minicc/examples
cp tests/native/forever.ir "$tmp/forever.ir"

# start NAME W H EXTRA-ENV ARGS...: the workbench in a fresh window.
start() {
    name=$1; w=$2; h=$3; envs=$4; shift 4
    tui_start "$name" "$w" "$h" "$examples" "$envs" "$@"
}
# interrupt NAME TEXT WHAT: Ctrl-C until TEXT is on the screen (up to 3 tries)
interrupt() {
    tries=0
    while [ $tries -lt 3 ]; do
        $T send-keys -t "$1" C-c
        wait_for "$1" "$2" && { ok; return; }
        tries=$((tries + 1))
    done
    bad "$3: '$2' not on the screen"; screen "$1" | sed 's/^/    | /'
}

for size in 80x24 200x60; do
    W=${size%x*}; H=${size#*x}
    # the other size, for the resize while running
    if [ "$W" = 80 ]; then RW=200; RH=60; else RW=80; RH=24; fi

    # ---- §2: while c runs, a running indicator with the steps and the Ctrl-C hint ----
    n=run$W
    start $n $W $H "" "'$tmp/forever.ir'" "[0]"
    check $n "IR forever [input]" "$size: opens on forever.ir"
    keys $n : "set max-steps 1000000000000" Enter
    keys $n c
    check $n "RUNNING: step" "$size: c shows the running indicator"
    check $n "(Ctrl-C stops)" "$size: the indicator says how to stop"
    s1=$(screen $n | grep -o 'RUNNING: step [0-9]*' | head -1)
    sleep 0.6
    s2=$(screen $n | grep -o 'RUNNING: step [0-9]*' | head -1)
    if [ -n "$s1" ] && [ -n "$s2" ] && [ "$s1" != "$s2" ]; then ok; else bad "$size: the step count moves ($s1, $s2)"; fi
    $T resize-window -t $n -x $RW -y $RH >/dev/null 2>&1
    sleep 0.8
    if screen $n | grep -q "RUNNING: step" &&
        screen $n | awk -v w=$RW '{ if (length($0) > m) m = length($0) } END { exit !(m >= w - 10) }'; then
        ok
    else
        bad "$size: the indicator is drawn again at ${RW}x$RH after a resize"; screen $n | sed 's/^/    | /'
    fi
    interrupt $n "error: interrupted" "$size: Ctrl-C stops c"
    check_not $n "RUNNING: step" "$size: no indicator after the run"
    # ---- §3: q asks once when the run would be lost; another key stays; q or y quits ----
    keys $n q
    check $n "quit and lose the run at step" "$size: q asks when a run would be lost"
    keys $n x
    check $n "not quitting" "$size: another key stays"
    keys $n q y
    exited $n 0 "$size: q, then y, quits with status 0"
    # ---- §4: the light themes draw black on white from the 256-colour palette ----
    for th in light projector-light; do
        n=$th$W
        start $n $W $H "" --theme $th swap.ir 3
        check $n "IR swap [input]" "$size: opens with --theme $th"
        keys $n n n
        sleep 0.3
        if $T capture-pane -t $n -p -e | grep -q "48;5;231"; then ok; else bad "$size, $th: no white background (48;5;231)"; fi
        if $T capture-pane -t $n -p -e | grep -q "38;5;16[m;]"; then ok; else bad "$size, $th: no black text (38;5;16)"; fi
        if $T capture-pane -t $n -p -e | grep -q "$(printf '\033')\[2m\|$(printf '\033')\[[0-9;]*;2m"; then bad "$size, $th: dim text"; else ok; fi
    done
    # ---- §1: b after a long c lands one block back, from a checkpoint ----
    n=back$W
    start $n $W $H "" swap.ir 2000000
    check $n "IR swap [input]" "$size: opens on swap.ir with n = 2000000"
    keys $n : "set max-steps 100000000" Enter
    keys $n : "break exit" Enter
    keys $n c
    check $n "step 4000002" "$size: c runs to the breakpoint at exit"
    keys $n b
    check $n "back to step 4000001" "$size: b goes back one block after 4000002"
    keys $n b
    check $n "back to step 4000000" "$size: b again"
    # ---- §5: the generated C pane follows execution ----
    n=cf$W
    start $n $W $H "" swap.ir 3
    check $n "IR swap [input]" "$size: opens on swap.ir (C pane)"
    keys $n : "layout c" Enter
    keys $n n n n
    check $n "C (from ssa) at head" "$size: the C pane names the block being run"
    check $n "L1:; /* head */" "$size: the C pane shows the block being run"
    keys $n n
    check $n "C (from ssa) at body" "$size: the C pane follows into the body"
    check $n "/* block body */" "$size: the body's C in view"
    # ---- §6: W saves the session as a lesson that replays it ----
    n=ss$W
    start $n $W $H "" swap.ir 3
    check $n "IR swap [input]" "$size: opens on swap.ir (save-session)"
    keys $n n n n
    keys $n : "note three steps" Enter
    keys $n W
    check $n "minicc> save-session" "$size: W offers save-session"
    keys $n "$tmp/s$W.lesson" Enter
    check $n "saved the session (3 actions)" "$size: the session saved"
    if "$MINICC" lesson --check "$tmp/s$W.lesson" >/dev/null 2>&1 && grep -q "^three steps$" "$tmp/s$W.lesson"; then ok; else bad "$size: the saved session replays (lesson --check)"; fi
    # ---- §1: S and I step back a C line and an instruction ----
    n=rs$W
    start $n $W $H "" gcd.c 84 36
    check $n "IR gcd [input]" "$size: opens on gcd.c"
    keys $n s s s
    check $n "=>  17" "$size: s s s reach line 17"
    keys $n S
    check $n "back to the start of line 16" "$size: S goes back a C line"
    check $n "=>  16" "$size: the arrow on line 16 after S"
    keys $n S
    check $n "=>  15" "$size: S again: line 15"
    keys $n I
    check $n "back one instruction (step 2)" "$size: I goes back an instruction"
    # ---- §5: colour bands tie each C line to its IR lines, in every stage and theme ----
    for th in default light; do
        n=band$th$W
        start $n $W $H "" --theme $th gcd.c 84 36
        check $n "IR gcd [input]" "$size: opens on gcd.c ($th)"
        keys $n v v n n
        check $n "IR gcd [opt]" "$size: the opt stage ($th)"
        # line 14 (while (b != 0)) is band 2: 80 on a dark screen, 195 on a light one
        bg=80; [ $th = light ] && bg=195
        if $T capture-pane -t $n -p -e | grep "ne b.1, 0" | grep -q "48;5;$bg"; then ok; else bad "$size, $th: the IR line of C line 14 has no band $bg"; fi
        if $T capture-pane -t $n -p -e | grep "while (b != 0)" | grep -q "48;5;$bg"; then ok; else bad "$size, $th: C line 14 has no band $bg"; fi
    done
    # ---- §2: the alloc layout names its code; `.` shows no location before its decision ----
    n=al$W
    start $n $W $H "" swap.ir 3
    check $n "IR swap [input]" "$size: opens on swap.ir (alloc)"
    keys $n : "layout alloc" Enter
    check $n "interference K=4 (improved) [destroyed]" "$size: the interference pane names the destroyed code"
    keys $n . . .
    check $n "registers K=4 at decision 3" "$size: the registers pane follows the decisions"
    check $n "\$cycle1 -> ?" "$size: no location before its decision"
    # ---- §2: MiniC's values pane shows the C variables, the temporaries on request ----
    n=tmp$W
    start $n $W $H "" bubble.c "[3,1,2]" 3
    check $n "IR bubble [input]" "$size: opens on bubble.c"
    keys $n s s s s : "focus values" Enter z
    check $n "temporaries of the C hidden: :temps" "$size: the temporaries are hidden"
    check_not $n "lt.L19=1" "$size: no temporary in the values pane"
    keys $n : temps Enter
    check $n "lt.L19=1" "$size: :temps shows them"
    # ---- §2: break 16 stops with the arrow on line 16, not its block's first line ----
    n=br$W
    start $n $W $H "" gcd.c 84 36
    check $n "IR gcd [input]" "$size: opens on gcd.c (break 16)"
    keys $n : "break 16" Enter
    keys $n c
    check $n "breakpoint: body.L14" "$size: c stops at the breakpoint of line 16"
    check $n "=>  16" "$size: the arrow on line 16"
    check $n "=>   a = copy b" "$size: the IR arrow on line 16's instruction"
    # ---- §5: :diff shows what a pass changed, in the big log ----
    n=diff$W
    start $n $W $H "" gcd.c 84 36
    check $n "IR gcd [input]" "$size: opens on gcd.c (diff)"
    keys $n : "diff copyprop" Enter
    check $n "== copyprop: 6 lines changed" "$size: :diff names the pass and the lines changed"
    check $n "-     a.2 = copy b.1" "$size: :diff shows a removed copy"
    check $n "diff copyprop: the log shows it" "$size: the status bar points at the log"
    if $T capture-pane -t $n -p -e | grep "a.2 = copy b.1" | grep -q "31m"; then ok; else bad "$size: the removed line is not red"; fi
    # ---- §1: v keeps the position where the stages correspond ----
    n=v$W
    start $n $W $H "" swap.ir 3
    check $n "IR swap [input]" "$size: opens on swap.ir (v)"
    keys $n n n n n v
    check $n "stage ssa: the run goes on at step 4" "$size: v keeps step 4 in ssa"
    check $n "IR swap [ssa]" "$size: v shows the ssa stage"
    n=vs$W
    start $n $W $H "" sieve.c "[0,0,0,0,0]" 5
    check $n "IR sieve [input]" "$size: opens on sieve.c (v)"
    keys $n n n n v v
    check $n "stage opt; run stopped: after 3 blocks opt is about to" "$size: v says why opt cannot keep the position"
    # nothing to lose: q quits at once
    n=quit$W
    start $n $W $H "" swap.ir 3
    check $n "IR swap [input]" "$size: opens on swap.ir"
    keys $n q
    exited $n 0 "$size: q before the first step quits at once"
done

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
