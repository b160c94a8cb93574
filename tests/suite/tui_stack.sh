#!/bin/sh
# tui_stack.sh - the workbench's stack pane and its keys for calls in a real
# terminal (tmux, as tui_tmux.sh drives it): e steps into a call (a frame
# more, the argument move shown as one simultaneous assignment), n steps
# over one and hands back to the caller at a return, F finishes the frame
# (the result's move into the caller), b leaves a callee at its start, and
# the ? help lists the keys; the alloc layout's calls pane (80x24). Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
MINICC=${MINICC:-$(pwd)/build/minicc}
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $1"; }

. tests/suite/lib/tmux.sh # tmux_setup, tui_start, screen, check, keys
have_tmux || tmux_skip
tmux_setup stack

tui_start w 100 30 "$(pwd)/tests/repl" "" frames.ir 3

check w "e enters a call," "a program with calls shows the stack pane"
check w "IR main [input]" "opens on main"
keys w r e
check w "stack (2 frames)" "e enters fill"
check w "IR fill [input]" "the IR pane follows into the callee"
check w "call: (b, n) := (cell, n)" "the argument move as one assignment"
check w "b reads cell (the buffer itself)" "a buffer goes by reference"
keys w n
check w "return: 0 dropped   (fill returned)" "n to fill's return hands back to main"
check w "stack (1 frame)" "back to one frame"
keys w e e e
check w "stack (3 frames)" "e into fact, then into fact again"
check w "#1 fact(n = 3) in rec, at: t = call" "the caller waits at its call"
check w "n reads m = 2" "fact(2)'s argument move"
keys w F
check w "return: t := 2   (fact returned)" "F: the result's move into the caller"
check w "stack (2 frames)" "F leaves one frame"
keys w b
check w "* #0 fact(n = 3) about to enter rec" "b: one block back in the callee"
keys w b b
check w "* #0 main(n = 3) at the start" "b at a callee's start goes back out of it"
check w "stack (1 frame)" "out of the callee: one frame"
keys w ?
check w "e F     enter a call (step into) / finish the frame" "the key help lists e and F"
keys w q
keys w q
keys w y
i=0
while [ ! -f "$tmp/w.exit" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
if [ -f "$tmp/w.exit" ]; then ok; else bad "q did not quit"; fi

# A MiniC program with calls: the C layout (source | IR over values) shows
# the stack pane beside the values when there is room (120x40).
$T kill-session -t w >/dev/null 2>&1
tui_start c 120 40 "$(pwd)/tests/minic/calls" "" recursion.c 2
check c "C recursion.c" "a MiniC program opens in the C layout"
keys c r e e e
check c "stack (2 frames)" "the C layout shows the stack pane"
check c "#1 even(n = 2)" "the caller's frame in the C layout"
check c "n reads sub.L7 = 1" "the argument move in the C layout"
keys c q
keys c y
i=0
while [ ! -f "$tmp/c.exit" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
if [ -f "$tmp/c.exit" ]; then ok; else bad "q did not quit the C layout's session"; fi

# The alloc layout of a function with calls at 80x24: the calls pane under
# the interference graph and the registers says what the convention makes of
# each call: the registers a call clobbers, the prologue's callee saves and,
# at each call, the values live across it, kept or saved, the saves as
# parallel moves around the call. A function without calls has no such pane.
absent() {
    sleep 0.3
    if screen "$1" | grep -qF -- "$2"; then bad "$3: '$2' on the screen"; screen "$1" | sed 's/^/    | /'; else ok; fi
}
$T kill-session -t c >/dev/null 2>&1
tui_start q 80 24 "$(pwd)/share/minicc/examples" "" quicksort.c
check q "C quicksort.c" "quicksort.c opens"
keys q : "func quicksort" Enter
keys q l l
check q "layout alloc" "l l: the alloc layout"
check q "calls: 3, convention split" "the calls pane in the alloc layout"
check q "split K=4: a call clobbers r0 r1; r2 r3 callee-saved" "the registers a call clobbers"
check q "prologue (save1, save2) := (r2, r3), restored at return" "the prologue's callee saves"
check q "48:16 quicksort: across it hi r3 kept, p r1 saved" "the values live across a call"
check q "(save0) := (r1)   call   (r1) := (save0)" "the caller save around the call"
check q "registers K=4" "the registers pane stays beside the graph"
keys q : "set convention caller-saved" Enter
check q "caller-saved K=4: a call clobbers r0 r1 r2 r3; none callee-saved" "caller-saved: every register clobbered"
check q "prologue: no callee-saved register written" "caller-saved: no prologue save"
check q "(save0, save1) := (r2, r1)   call   (r2, r1) := (save0, save1)" "caller-saved: both values saved"
keys q : "func swap" Enter
check q "swap(buf a, i32 i, i32 j)" "func swap: a function without calls"
absent q "calls: " "a function without calls has no calls pane"
keys q q
keys q y
i=0
while [ ! -f "$tmp/q.exit" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
if [ -f "$tmp/q.exit" ]; then ok; else bad "q did not quit the alloc layout's session"; fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
