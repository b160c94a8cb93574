#!/bin/sh
# pty.sh - the minicc> prompt on a real terminal (tmux): the prompt appears,
# commands run, completion of commands / files / blocks / passes / settings,
# history within a session and across sessions (XDG state directory),
# Ctrl-C abandons a line, Ctrl-C interrupts long commands (run, continue,
# step N, stepi N, check, machine, sweep, native on a program that never
# ends) and the prompt carries on, Ctrl-D quits, errors carry no script
# position, and ~/.inputrc's `$if minicc` applies. Prints "N passed, N failed"; without
# tmux it says "skipped" and counts nothing.
set -u
cd "$(dirname "$0")/../.."
MINICC=${MINICC:-$(pwd)/build/minicc}
case $MINICC in /*) ;; *) MINICC=$(pwd)/$MINICC ;; esac

. tests/suite/lib/tmux.sh # tmux_setup: $tmp, a private TMUX_TMPDIR and server $T
have_tmux || tmux_skip pty

pass=0; fail=0
tmux_setup pty
mkdir -p "$tmp/work"
cp share/minicc/examples/swap.ir "$tmp/work/swap.ir"
cp tests/native/forever.ir "$tmp/work/forever.ir"
cat >"$tmp/inputrc" <<'EOF'
$if minicc
"\C-xw": "where\n"
$endif
EOF

ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() {
    fail=$((fail + 1)); echo "FAIL $1"
    $T capture-pane -p -t "$S" 2>/dev/null | sed 's/^/     | /' | grep -v '^     | *$' | tail -15
}

# start: launch minicc in a fresh tmux session; the previous one is killed
# only after the new one exists, so the tmux server never runs empty.
runs=0; S=""
start() {
    old=$S; runs=$((runs + 1)); S="mc$runs"
    $T new-session -d -s "$S" -x 110 -y 40 \
        "cd '$tmp/work' && env -i PATH='$PATH' TERM=xterm LC_ALL=C HOME='$tmp/home' \
         XDG_STATE_HOME='$tmp/state' INPUTRC='$tmp/inputrc' '$MINICC'; echo MINICC-EXITED \$?; sleep 30"
    [ -n "$old" ] && $T kill-session -t "$old" >/dev/null 2>&1
}

screen() { $T capture-pane -p -t "$S" 2>/dev/null; }

# wait_for REGEX [SECONDS]: until the screen matches (extended regex)
wait_for() {
    n=0; limit=$(( ${2:-15} * 10 ))
    while [ $n -lt $limit ]; do
        screen | grep -Eq -- "$1" && return 0
        sleep 0.1; n=$((n + 1))
    done
    return 1
}

# The last non-blank line of the screen.
last_line() { screen | grep -v '^ *$' | tail -1; }

keys() { $T send-keys -t "$S" "$@"; }

# check NAME REGEX: the screen shows REGEX within a few seconds
check() { if wait_for "$2"; then ok "$1"; else bad "$1"; fi; }
# check_line NAME TEXT: the line being edited is exactly "minicc> TEXT"
check_line() {
    n=0
    while [ $n -lt 150 ]; do
        [ "$(last_line | sed "s/ *$//")" = "$(printf "minicc> %s" "$2" | sed "s/ *$//")" ] && { ok "$1"; return; }
        sleep 0.1; n=$((n + 1))
    done
    bad "$1 (expected 'minicc> $2', got '$(last_line)')"
}

start
check "the prompt appears with a banner" 'minicc> *$'
check "banner names help" "type .help."

keys "load swap.ir" Enter
check "load runs" "loaded swap.ir: 1 function"
keys "args 3" Enter "run" Enter
check "run prints the outcome" "^return 21"

keys "frobnicate" Enter
check "errors carry no script position" "^error: unknown command 'frobnicate'"

# Completion of a command name (unique prefix), then clear the line.
keys "sta" Tab
check_line "Tab completes a command name" "start"
keys C-u
keys "break ex" Tab
check_line "Tab completes a block name" "break exit"
keys C-u
keys "opt sc" Tab
check_line "Tab completes a pass name" "opt sccp"
keys C-u
keys "set phi" Tab
check_line "Tab completes a setting" "set phi-mode"
keys "seq" Tab
check_line "Tab completes the setting's value" "set phi-mode sequential"
keys C-u
keys "load sw" Tab
check_line "Tab completes a file name" "load swap.ir"
keys C-u
keys "ste" Tab
sleep 0.2
keys Tab
sleep 0.2
keys Tab
check "Tab Tab lists ambiguous commands" "step +stepi"
keys C-u
keys "print i" Tab Tab
check "Tab Tab lists value names" "^i +i0 +i1"
keys C-u
keys "show ds" Tab
check_line "no candidates: the line is unchanged" "show ds"
keys C-u

# History within the session.
keys Up
check_line "Up recalls the last command" "frobnicate"
keys Up
check_line "Up again recalls the one before" "run"
keys C-u

# Ctrl-C abandons the line being typed.
keys "garbage here" C-c
sleep 0.3
keys "where" Enter
check "Ctrl-C abandons the line" "not running|finished after"
if screen | grep -q "unknown command 'garbage"; then bad "Ctrl-C did not abandon the line"; else ok "the abandoned line was not run"; fi

# ~/.inputrc: $if minicc applies (C-x w types `where` and Enter).
keys C-l
sleep 0.2
keys C-x w
check "inputrc \$if minicc macro" "finished after 9 blocks"

# Ctrl-D quits with status 0.
keys C-d
check "Ctrl-D quits with status 0" "MINICC-EXITED 0"

# History persists across sessions in $XDG_STATE_HOME/minicc/history.
if [ -f "$tmp/state/minicc/history" ] && grep -q '^args 3$' "$tmp/state/minicc/history"; then
    ok "history file written under XDG_STATE_HOME"
else
    bad "history file written under XDG_STATE_HOME"
fi
start
wait_for 'minicc> *$' >/dev/null
keys Up
check_line "history survives a restart" "where"
keys C-u "quit" Enter
check "quit exits with status 0" "MINICC-EXITED 0"

# Ctrl-C interrupts a long command; the prompt carries on with the state
# it had (the interpreter stays after its last completed block). forever.ir
# loops forever and the budget is 10^12 block entries, so without the
# interrupt none of these would return. A Ctrl-C that lands before the
# command started (a loaded machine) only clears the empty line: send
# another one, up to three.
# interrupt NAME REGEX: Ctrl-C until REGEX is on the screen
interrupt() {
    tries=0
    while [ $tries -lt 3 ]; do
        sleep 0.5
        keys C-c
        wait_for "$2" 10 && { ok "$1"; return; }
        tries=$((tries + 1))
    done
    bad "$1"
}
start
wait_for 'minicc> *$' >/dev/null
keys "load forever.ir; args [0]; set max-steps 1000000000000" Enter
check "a program that never ends" "max-steps 1000000000000"
keys "run" Enter
interrupt "Ctrl-C interrupts run" "^error: run: interrupted"
check "an interrupted run shows where it stopped" "^after [0-9]+ blocks: about to enter loop from loop"
keys "continue" Enter
interrupt "Ctrl-C interrupts continue" "^error: continue: interrupted"
keys "step 1000000000" Enter
interrupt "Ctrl-C interrupts step N" "^error: step: interrupted"
keys "stepi 1000000000" Enter
interrupt "Ctrl-C interrupts stepi N" "^error: stepi: interrupted"
keys "check" Enter
interrupt "Ctrl-C interrupts check" "^error: check: interrupted"
keys "machine" Enter
interrupt "Ctrl-C interrupts machine" "^error: machine: interrupted"
keys "sweep 2" Enter
interrupt "Ctrl-C interrupts sweep" "^error: sweep: interrupted"
keys C-l
keys "where" Enter
check "the position survives the interrupts" "^after [0-9]+ blocks: about to enter loop from loop"
# Two Ctrl-C at the idle prompt only abandon the line, as before.
keys "garbage" C-c C-c
sleep 0.3
keys "print b" Enter
check "the prompt carries on after the interrupts" "^b = \[[0-9]+\]"
if screen | grep -q "unknown command 'garbage"; then bad "Ctrl-C at the idle prompt ran the line"; else ok "Ctrl-C twice at the idle prompt abandons the line"; fi
keys C-d
check "Ctrl-D quits after the interrupts with status 0" "MINICC-EXITED 0"

# A missing $HOME is never created: the prompt warns once and keeps its
# history for the session only (also with $XDG_STATE_HOME under a missing
# directory); a missing base under an existing parent is created.
for case in home state base; do
    old=$S; runs=$((runs + 1)); S="mc$runs"
    case $case in
    home) envs="HOME='$tmp/gone/home'" ;;
    state) envs="HOME='$tmp/home' XDG_STATE_HOME='$tmp/gone/state'" ;;
    base) envs="HOME='$tmp/home' XDG_STATE_HOME='$tmp/newstate'" ;;
    esac
    $T new-session -d -s "$S" -x 110 -y 40 \
        "cd '$tmp/work' && env -i PATH='$PATH' TERM=xterm LC_ALL=C $envs INPUTRC=/dev/null '$MINICC'; echo MINICC-EXITED \$?; sleep 30"
    [ -n "$old" ] && $T kill-session -t "$old" >/dev/null 2>&1
    wait_for 'minicc> *$' >/dev/null
    keys "args 4" Enter "args 5" Enter Up
    check_line "$case: history within the session" "args 5"
    keys C-u "quit" Enter
    check "$case: quit exits with status 0" "MINICC-EXITED 0"
    joined=$($T capture-pane -p -J -t "$S" 2>/dev/null) # wrapped lines joined
    if [ "$case" = base ]; then
        if ! printf '%s\n' "$joined" | grep -q warning && grep -q '^args 5$' "$tmp/newstate/minicc/history" 2>/dev/null; then
            ok "base: \$XDG_STATE_HOME created under its existing parent"
        else
            bad "base: \$XDG_STATE_HOME created under its existing parent"
        fi
        continue
    fi
    n=$(printf '%s\n' "$joined" | grep -c 'warning: no history file')
    if [ "$n" = 1 ] && printf '%s\n' "$joined" | grep -q "warning: no history file: .*$tmp/gone.*does not exist; history is kept for this session only"; then
        ok "$case: one warning naming the missing directory"
    else
        bad "$case: one warning naming the missing directory ($n warnings)"
    fi
    if [ -e "$tmp/gone" ]; then bad "$case: $tmp/gone was created"; else ok "$case: nothing created"; fi
done

# ---- a lesson's pause takes one key: b and q act without Enter ----------------
printf '== One\nfirst\npause\n== Two\nsecond\npause\n' > "$tmp/work/parts.lesson"
start
wait_for 'minicc> *$' >/dev/null
keys "lesson parts.lesson" Enter
check "lesson: stops at the first pause" 'more \(Enter, b, q\) --'
keys b
check "lesson: b at a pause acts without Enter" 'back to part 1, in section "One"'
keys q
n=0; while [ $n -lt 50 ] && [ "$(last_line | sed 's/ *$//')" != "minicc>" ]; do sleep 0.1; n=$((n + 1)); done
if [ "$(last_line | sed 's/ *$//')" = "minicc>" ]; then ok "lesson: q returns to the prompt"; else bad "lesson: q returns to the prompt"; fi

echo "pty: $pass passed, $fail failed"
[ "$fail" = 0 ]
