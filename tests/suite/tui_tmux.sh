#!/bin/sh
# tui_tmux.sh - the workbench in a real terminal: minicc --tui runs inside a
# private tmux server; keys go in with send-keys and the screen comes back
# with capture-pane. Checks stepping (the edge record of swap), the readline
# command line (editing with arrow keys, history, completion), K changes,
# layouts, resizing (also of `tui` opened at the prompt, with LINES and COLUMNS
# set, and Ctrl-L), the key help, breakpoints (where c stops), NO_COLOR and
# the projector theme (no dim attribute), zoom, the log rewrapped on resize,
# Ctrl-C interrupting c, m, x, :run and :source on a program that never ends,
# a lesson's question answered by typing,
# quitting, and the refusal to start without a terminal. Prints
# "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
MINICC=${MINICC:-$(pwd)/build/minicc}
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $1"; }

. tests/suite/lib/tmux.sh # tmux_setup, screen, wait_for, check, check_not, keys
have_tmux || tmux_skip
tmux_setup test
examples=$(pwd)/share/minicc/examples

# start NAME W H EXTRA-ENV ARGS...: the workbench in a fresh window.
start() {
    name=$1; w=$2; h=$3; envs=$4; shift 4
    tui_start "$name" "$w" "$h" "$examples" "$envs" "$@"
}

# ---- stepping swap at 80x24 ------------------------------------------------------------
start w 80 24 "" swap.ir 3
check w "IR swap [input]" "opens on swap.ir"
check w "not started" "status bar before the first step"
keys w n n n n
check w "head <- body   step 4" "edge record after four steps"
check w "a reads b  = 2" "phase 1: a reads b"
check w "b reads a  = 1" "phase 1: b reads a"
check w "a: 1 -> 2" "phase 2: a 1 -> 2"
check w "b: 2 -> 1" "phase 2: b 2 -> 1"
check w "* a  = 2   (was 1)" "values: changed value marked"
check w " >   a = phi [entry: 1], [body: b]" "IR: the phis that just ran marked > (issue 29)"
check w "step 4 | K=4 | running at body" "status bar"

# ---- the command line through readline ---------------------------------------------------
keys w : "print a" Enter
check w "a = 2" ":print a"
# Editing: type "pint b", go left 5, insert r.
keys w : "pint b" Left Left Left Left Left r Enter
check w "b = 1" "readline editing with arrow keys"
# History: Up recalls the last line.
keys w : Up Up Enter
check w "minicc> print a" "history (Up)"
# Completion: "wher" + Tab completes to "where".
keys w : "wher" Tab Enter
check w "minicc> where" "completion (Tab)"
# Esc leaves the command line without running it.
keys w : "quit"
sleep 0.1
keys w Escape
sleep 0.2
check w "swap | stage input" "Esc closes the command line"

# ---- K, layouts, help ------------------------------------------------------------------------
keys w l
check w "interference K=4" "layout alloc"
keys w +
check w "interference K=5" "+ raises K"
keys w - - - -
check w "interference K=1" "- lowers K"
check w "last machine run (K=1)" "machine rerun after K change"
keys w l
check w "C (from ssa)" "layout c"
# a command line longer than the log pane: wrapped at 80 columns
long=this_name_is_not_a_value_of_swap_and_the_message_is_long_enough_to_wrap
keys w : "print $long" Enter
check w "minicc> print this_name_is_not_a_value_of_swap_and_the_message_is_long_e" "a long log line at 80 columns"
check_not w "print $long" "a long log line is wrapped at 80 columns"

keys w "?"
check w "any other key closes)" "? shows the key help"
keys w x
check_not w "any other key closes)" "a key closes the help"
# at 80x24 the help pages instead of being cut: Space shows the rest, q
# with the help open closes the help and does not quit (issue 29)
keys w "?"
check w "keys 1/2 (Space: next page" "? shows page 1 of the key help at 80x24"
keys w Space
check w "keys 2/2 (PgUp: back" "Space turns the help's page"
check w "q       quit" "the last help line on page 2"
keys w PPage
check w "keys 1/2" "PgUp turns back"
keys w q
check_not w "any other key closes)" "q closes the help"
check w "swap | stage input" "q with the help open does not quit"
# at 80 columns the hints are whole and end with "? keys" (issue 29)
check w "Tab focus : cmd ? keys" "key hints whole at 80 columns"

# ---- resize to a projector size -----------------------------------------------------------
$T resize-window -t w -x 120 -y 40 >/dev/null 2>&1
sleep 0.3
if screen w | awk '{ if (length($0) > m) m = length($0) } END { exit !(m >= 110) }'; then ok; else bad "resize to 120x40 re-lays out"; fi
check w "swap | stage input" "status bar after resize"
check w "print $long" "the log rewraps after the resize (one line at 120 columns)"
keys w z
check w "(zoomed: z)" "z zooms the focused pane"
keys w z
check_not w "(zoomed: z)" "z again: back to the layout"

# ---- quit (a run would be lost: q asks, a second q quits, issue 29) -------------------------------
keys w q q
i=0; while [ ! -f "$tmp/w.exit" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
if [ -f "$tmp/w.exit" ] && grep -q "EXIT=0" "$tmp/w.exit"; then ok; else bad "q quits with status 0"; fi

# ---- breakpoints: c stops where the prompt's run/continue stop ---------------------------
start k 80 24 "" swap.ir 3
check k "not started" "breakpoints: opens"
keys k : "break entry" Enter
keys k c
check k "at the start: about to enter entry" "c stops at an entry breakpoint before anything runs"
check k "=>*entry:" "=> on the entry block at the entry breakpoint"
check k "step 0 | K=4 | running at entry   breakpoint: entry" "status bar at the entry breakpoint"
keys k : "break head" Enter
keys k c
check k "after 1 block: about to enter head from entry" "c leaves entry and stops at head"
keys k c
check k "after 3 blocks: about to enter head from body" "c leaves head, stops at it through the phi edge body -> head"
check k "=>*head:" "=> on head at the breakpoint"
check k "head <- entry   step 2" "edge record of the last phi edge taken"
keys k r c
check k "step 1 | K=4 | running at head   breakpoint: head" "after r, c leaves entry (as start; continue)"
keys k c c c c
check k "returned   return 21 (after 9 blocks)" "c runs to the end after the last breakpoint"
keys k c
check k "finished: return 21 (r restarts)" "c after the end"
keys k q

# ---- Ctrl-C interrupts c, m, x and :run; the workbench carries on --------------------------
# forever.ir never ends and the budget is 10^12 block entries: without the
# interrupt, c, m and :run would never return. A Ctrl-C that lands before
# the key's work started is a key that does nothing: send another, up to 3.
cp tests/native/forever.ir "$tmp/forever.ir"
# interrupt NAME TEXT WHAT: Ctrl-C until TEXT is on the screen
interrupt() {
    tries=0
    while [ $tries -lt 3 ]; do
        sleep 0.5
        $T send-keys -t "$1" C-c
        wait_for "$1" "$2" && { ok; return; }
        tries=$((tries + 1))
    done
    bad "$3: '$2' not on the screen"; screen "$1" | sed 's/^/    | /'
}
start i 100 30 "" "'$tmp/forever.ir'" "[0]"
check i "IR forever [input]" "Ctrl-C: opens on forever.ir"
keys i : "set max-steps 1000000000000" Enter
check i "max-steps 1000000000000" "Ctrl-C: budget set"
keys i c
interrupt i "error: interrupted" "Ctrl-C interrupts c"
check i "running at loop" "Ctrl-C: c stopped at a block boundary and the workbench shows it"
check_not i "| step 1 |" "Ctrl-C: the position after c is where it stopped, not a replay cut short"
keys i C-l n
check i "loop <- loop" "Ctrl-C: n steps on after the interrupted c"
keys i m
interrupt i "machine: interrupted" "Ctrl-C interrupts m"
keys i : "run" Enter
interrupt i "error: run: interrupted" "Ctrl-C interrupts :run"
if command -v "${CC:-cc}" >/dev/null 2>&1; then
    keys i x
    interrupt i "error: native: interrupted" "Ctrl-C interrupts x (the native call)"
fi
# An interrupted :source says so; the machine is not run after it (it found
# the interrupt and the status bar said `machine: interrupted`, issue 26).
printf 'set regs 2\nrun\n' > "$tmp/forever.src"
keys i : "source $tmp/forever.src" Enter
interrupt i "forever.src: interrupted" "Ctrl-C interrupts :source"
if screen i | tail -2 | head -1 | grep -qF "machine: interrupted"; then bad "Ctrl-C: the status bar after :source says machine: interrupted"; else ok; fi
keys i : "print b" Enter
check i "b = [" "Ctrl-C: the command line works after the interrupts"
keys i q q
i=0; while [ ! -f "$tmp/i.exit" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
if [ -f "$tmp/i.exit" ] && grep -q "EXIT=0" "$tmp/i.exit"; then ok; else bad "Ctrl-C: q quits with status 0 after the interrupts"; fi

# ---- NO_COLOR: attributes but no colours ---------------------------------------------------
start m 80 24 "NO_COLOR=1" swap.ir 3
check m "IR swap [input]" "opens with NO_COLOR"
keys m n n
if $T capture-pane -t m -p -e | grep -q "$(printf '\033')\[3[0-7]m\|$(printf '\033')\[4[0-7]m"; then
    bad "NO_COLOR: colour escapes on the screen"
else
    ok
fi
# the default theme draws hints dim (SGR 2); the projector theme never does
if $T capture-pane -t m -p -e | grep -q "$(printf '\033')\[2m\|$(printf '\033')\[[0-9;]*;2m"; then ok; else bad "NO_COLOR, default theme: dim hints"; fi
keys m q
start pj 80 24 "NO_COLOR=1" --theme projector swap.ir 3
check pj "IR swap [input]" "opens with --theme projector"
keys pj n n
sleep 0.3
if $T capture-pane -t pj -p -e | grep -q "$(printf '\033')\[2m\|$(printf '\033')\[[0-9;]*;2m"; then bad "projector theme: dim escapes on the screen"; else ok; fi
if $T capture-pane -t pj -p -e | grep -q "$(printf '\033')\[[0-9;]*7m"; then ok; else bad "projector theme: reverse video for the changed values"; fi
keys pj q

# ---- missing arguments open the command line with `args ` -------------------------------
start a 80 24 "" swap.ir
check a "needs arguments" "hint when the arguments are missing"
keys a n
check a "minicc> args" "n without arguments offers args"
keys a 5 Enter n n n
check a "step 3" "stepping after typing the arguments"
keys a q

# ---- `tui` at the minicc> prompt, and back ------------------------------------------------
$T new-session -d -s p -x 80 -y 24 \
    "cd '$examples' && env HOME='$tmp/home' XDG_STATE_HOME='$tmp/state' TERM=$term LC_ALL=C.UTF-8 '$MINICC' swap.ir; sleep 30"
check p "minicc>" "the prompt starts"
keys p "args 3" Enter
keys p "tui" Enter
check p "IR swap [input]" "tui opens the workbench on the prompt's session"
keys p n n n
check p "step 3" "stepping in the workbench"
keys p q
keys p "print a b" Enter
check p "b = 2" "the prompt keeps the position after q"
check p "a = 1" "the prompt keeps the values after q"

# ---- `tui` at the prompt follows resizes (the prompt's readline had exported
# LINES/COLUMNS, which curses took over the real size), and Ctrl-L re-reads it ----
# fits NAME W WHAT: the workbench frame is W columns wide: no line is longer,
# and the top panes' right border (the first line's last character) is at W.
fits() {
    # One byte per character: the corner as +, any other non-ASCII as #.
    if screen "$1" | LC_ALL=C sed 's/\xe2\x94\x90/+/g; s/[\xc0-\xff][\x80-\xbf]*/#/g' | LC_ALL=C awk -v w="$2" '
        NR == 1 { first = $0 }
        { if (length($0) > w) long = 1 }
        END { exit !(!long && length(first) == w && substr(first, w, 1) == "+") }'; then
        ok
    else
        bad "$3: the frame is not $2 columns wide"; screen "$1" | sed 's/^/    | /'
    fi
}
$T new-session -d -s z -x 120 -y 40 \
    "cd '$examples' && env HOME='$tmp/home' XDG_STATE_HOME='$tmp/state' TERM=$term LC_ALL=C.UTF-8 '$MINICC' swap.ir; sleep 30"
check z "minicc>" "resize from the prompt: the prompt starts"
keys z "args 5" Enter
keys z "tui" Enter
check z "IR swap [input]" "resize from the prompt: tui opens the workbench"
fits z 120 "tui from the prompt at 120x40"
$T resize-window -t z -x 80 -y 24 >/dev/null 2>&1
sleep 0.3
keys z n
check z "step 1" "resize from the prompt: n after the resize"
fits z 80 "tui from the prompt resized to 80x24"
# Ctrl-L recovers whatever the resize signal did: it re-reads the size itself.
$T resize-window -t z -x 100 -y 30 >/dev/null 2>&1
sleep 0.3
keys z C-l
fits z 100 "tui from the prompt resized to 100x30, then Ctrl-L"
keys z q
keys z "print n" Enter
check z "n = 5" "resize from the prompt: back at the prompt after q"
# LINES and COLUMNS exported by the user's shell do not pin the size either.
start y 120 40 "LINES=40 COLUMNS=120" swap.ir 5
check y "IR swap [input]" "LINES/COLUMNS set: opens"
$T resize-window -t y -x 80 -y 24 >/dev/null 2>&1
sleep 0.3
keys y n
check y "step 1" "LINES/COLUMNS set: n after the resize"
fits y 80 "--tui with LINES=40 COLUMNS=120 resized to 80x24"
keys y q

# ---- MiniC: the C source pane opens on the function, cuts with > and scrolls sideways (issue 29)
start c 80 24 "" bubble.c "'[3,1,2]'" 3
check c "17 int bubble(int a[], int n) {" "the C source opens on the function"
check c "for (int i = 0; i < n; i++>" "a cut C line ends in >"
keys c : "focus source" Enter
keys c Right Right
check c "17 <], int n) {" "Right scrolls the C source sideways"
keys c q

# ---- a lesson's question through readline: typing starts the answer, a blank
# Enter asks again, a wrong answer gets a second try (issue 28 §1) ------------
start q 100 30 "" --lesson "$examples/../../../tests/tui/swap.lesson"
check q "Enter: continue the lesson" "the lesson opens"
keys q Enter
check q "type your answer" "at the question"
keys q Enter Enter
check q "(type your answer, or ? to see it)" "a blank answer asks again"
keys q "a = 1" Enter
check q "Not quite. Try again." "a typed key starts the answer; the first wrong try"
keys q "a = 2" Enter
check q "Right: a = 2" "the second try is graded"
keys q Enter
check q "0 of 1 right the first time." "the score at the end"
keys q q

# ---- a terminal that cannot address the cursor -----------------------------------------------
$T new-session -d -s d -x 80 -y 24 \
    "cd '$examples' && env HOME='$tmp/home' TERM=dumb '$MINICC' --tui swap.ir 3; echo \"EXIT=\$?\"; sleep 30"
check d "cannot use the terminal type 'dumb'" "TERM=dumb is refused with a message"
check d "EXIT=2" "TERM=dumb: exit status 2"

# ---- no terminal ---------------------------------------------------------------------------------
if "$MINICC" --tui share/minicc/examples/swap.ir >"$tmp/out" 2>&1 </dev/null; then st=0; else st=$?; fi
if [ "$st" = 2 ] && grep -q "needs a terminal" "$tmp/out"; then ok; else bad "--tui without a terminal: status $st"; fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
