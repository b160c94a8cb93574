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

if ! command -v tmux >/dev/null 2>&1; then
    echo "tmux is not installed (tools/deps.sh installs it): skipped"
    echo "0 passed, 0 failed, 1 skipped"
    exit 0
fi

tmp=$(mktemp -d)
sock="minicc-stack-$$"
T="tmux -L $sock -f /dev/null"
cleanup() { $T kill-server >/dev/null 2>&1; rm -rf "$tmp"; }
trap cleanup EXIT
mkdir -p "$tmp/home"
term=tmux-256color
infocmp "$term" >/dev/null 2>&1 || term=screen
dir=$(pwd)/tests/repl

$T new-session -d -s w -x 100 -y 30 \
    "cd '$dir' && env HOME='$tmp/home' XDG_STATE_HOME='$tmp/state' TERM=$term LC_ALL=C.UTF-8 '$MINICC' --tui frames.ir 3; echo \"EXIT=\$?\" >'$tmp/w.exit'; sleep 30"

screen() { $T capture-pane -t w -p 2>/dev/null; }
wait_for() {
    i=0
    while [ $i -lt 150 ]; do
        screen | grep -qF -- "$1" && return 0
        sleep 0.1
        i=$((i + 1))
    done
    return 1
}
check() {
    if wait_for "$1"; then ok; else bad "$2: '$1' not on the screen"; screen | sed 's/^/    | /'; fi
}
keys() { $T send-keys -t w "$@"; sleep 0.15; }

check "e enters a call," "a program with calls shows the stack pane"
check "IR main [input]" "opens on main"
keys r e
check "stack (2 frames)" "e enters fill"
check "IR fill [input]" "the IR pane follows into the callee"
check "call: (b, n) := (cell, n)" "the argument move as one assignment"
check "b reads cell (the buffer itself)" "a buffer goes by reference"
keys n
check "return: 0 dropped   (fill returned)" "n to fill's return hands back to main"
check "stack (1 frame)" "back to one frame"
keys e e e
check "stack (3 frames)" "e into fact, then into fact again"
check "#1 fact(n = 3) in rec, at: t = call" "the caller waits at its call"
check "n reads m = 2" "fact(2)'s argument move"
keys F
check "return: t := 2   (fact returned)" "F: the result's move into the caller"
check "stack (2 frames)" "F leaves one frame"
keys b
check "* #0 fact(n = 3) about to enter rec" "b: one block back in the callee"
keys b b
check "* #0 main(n = 3) at the start" "b at a callee's start goes back out of it"
check "stack (1 frame)" "out of the callee: one frame"
keys ?
check "e F     enter a call (step into) / finish the frame" "the key help lists e and F"
keys q
keys q
keys y
i=0
while [ ! -f "$tmp/w.exit" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
if [ -f "$tmp/w.exit" ]; then ok; else bad "q did not quit"; fi

# A MiniC program with calls: the C layout (source | IR over values) shows
# the stack pane beside the values when there is room (120x40).
$T kill-session -t w >/dev/null 2>&1
$T new-session -d -s w -x 120 -y 40 \
    "cd '$(pwd)/tests/minic/calls' && env HOME='$tmp/home' XDG_STATE_HOME='$tmp/state' TERM=$term LC_ALL=C.UTF-8 '$MINICC' --tui recursion.c 2; echo \"EXIT=\$?\" >'$tmp/c.exit'; sleep 30"
check "C recursion.c" "a MiniC program opens in the C layout"
keys r e e e
check "stack (2 frames)" "the C layout shows the stack pane"
check "#1 even(n = 2)" "the caller's frame in the C layout"
check "n reads sub.L7 = 1" "the argument move in the C layout"
keys q
keys y
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
    if screen | grep -qF -- "$1"; then bad "$2: '$1' on the screen"; screen | sed 's/^/    | /'; else ok; fi
}
$T kill-session -t w >/dev/null 2>&1
$T new-session -d -s w -x 80 -y 24 \
    "cd '$(pwd)/share/minicc/examples' && env HOME='$tmp/home' XDG_STATE_HOME='$tmp/state' TERM=$term LC_ALL=C.UTF-8 '$MINICC' --tui quicksort.c; echo \"EXIT=\$?\" >'$tmp/q.exit'; sleep 30"
check "C quicksort.c" "quicksort.c opens"
keys : "func quicksort" Enter
keys l l
check "layout alloc" "l l: the alloc layout"
check "calls: 3, convention split" "the calls pane in the alloc layout"
check "split K=4: a call clobbers r0 r1; r2 r3 callee-saved" "the registers a call clobbers"
check "prologue (save1, save2) := (r2, r3), restored at return" "the prologue's callee saves"
check "48:16 quicksort: across it hi r3 kept, p r1 saved" "the values live across a call"
check "(save0) := (r1)   call   (r1) := (save0)" "the caller save around the call"
check "registers K=4" "the registers pane stays beside the graph"
keys : "set convention caller-saved" Enter
check "caller-saved K=4: a call clobbers r0 r1 r2 r3; none callee-saved" "caller-saved: every register clobbered"
check "prologue: no callee-saved register written" "caller-saved: no prologue save"
check "(save0, save1) := (r2, r1)   call   (r2, r1) := (save0, save1)" "caller-saved: both values saved"
keys : "func swap" Enter
check "swap(buf a, i32 i, i32 j)" "func swap: a function without calls"
absent "calls: " "a function without calls has no calls pane"
keys q
keys y
i=0
while [ ! -f "$tmp/q.exit" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
if [ -f "$tmp/q.exit" ]; then ok; else bad "q did not quit the alloc layout's session"; fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
