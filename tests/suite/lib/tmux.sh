# lib/tmux.sh - what the suites that drive minicc in a real terminal under
# tmux share (sourced, POSIX sh): pty.sh, signals.sh, tui_tmux.sh,
# tui_live.sh, tui_stack.sh and tui_asm.sh.
#
#   tmux_setup NAME   a private directory $tmp (removed at exit, with
#                     $tmp/home for HOME), a private TMUX_TMPDIR under it
#                     (exported: no server or socket of the user's, nor of
#                     another suite running at the same time, is touched), a
#                     private server `$T` (tmux -L minicc-NAME-PID, no
#                     configuration file), killed at exit, and $term, the
#                     TERM the sessions get (tmux-256color where terminfo
#                     has it, else screen); Ctrl-C or SIGTERM exits through
#                     the same cleanup, and a relative $MINICC is made
#                     absolute (the sessions cd elsewhere). A suite sets
#                     tmux_on_exit to more shell to run at exit (before
#                     $tmp goes).
#   have_tmux         whether tmux is installed.
#   tmux_skip [WHO]   print the skip lines (`WHO: ` before each when given)
#                     and exit 0: the suites count tmux's absence as a skip.
#
# The workbench's helpers, for a session NAME of the private server (the
# suite defines ok and bad, which count and report):
#   tui_start NAME W H DIR ENVS ARGS...  minicc --tui ARGS in DIR at WxH with
#                     the private HOME, ENVS (VAR=value words, may be empty)
#                     added; its exit status goes to $tmp/NAME.exit
#   screen NAME       the screen's text
#   wait_for NAME TEXT  true when TEXT (fixed string) is on it within 15 s
#   check NAME TEXT WHAT  ok, or bad with the screen
#   check_not NAME TEXT WHAT  after 0.3 s, ok when TEXT is not on it
#   keys NAME KEY...  send-keys, then 0.15 s for the screen to follow
#   exited NAME CODE WHAT  ok when NAME's minicc exited with CODE within 5 s

have_tmux() { command -v tmux >/dev/null 2>&1; }

tmux_skip() {
    p=${1:+$1: }
    echo "${p}tmux is not installed (tools/deps.sh installs it): skipped"
    echo "${p}0 passed, 0 failed, 1 skipped"
    exit 0
}

tmux_on_exit=""
tmux_cleanup() {
    if [ -n "${T:-}" ] && have_tmux; then $T kill-server >/dev/null 2>&1; fi
    [ -n "$tmux_on_exit" ] && eval "$tmux_on_exit"
    [ -n "${tmp:-}" ] && rm -rf "$tmp"
}

tmux_setup() {
    tmp=$(mktemp -d)
    TMUX_TMPDIR=$tmp/tmux
    export TMUX_TMPDIR
    mkdir -p "$TMUX_TMPDIR" "$tmp/home"
    sock="minicc-$1-$$"
    T="tmux -L $sock -f /dev/null"
    term=tmux-256color
    infocmp "$term" >/dev/null 2>&1 || term=screen
    trap tmux_cleanup EXIT
    trap 'exit 1' INT TERM
    case $MINICC in /*) ;; *) MINICC=$(pwd)/$MINICC ;; esac
}

tui_start() {
    name=$1; w=$2; h=$3; dir=$4; envs=$5; shift 5
    $T new-session -d -s "$name" -x "$w" -y "$h" \
        "cd '$dir' && env HOME='$tmp/home' XDG_STATE_HOME='$tmp/state' TERM=$term LC_ALL=C.UTF-8 $envs '$MINICC' --tui $* ; echo \"EXIT=\$?\" >'$tmp/$name.exit'; sleep 30"
}

screen() { $T capture-pane -t "$1" -p 2>/dev/null; }

wait_for() {
    i=0
    while [ $i -lt 150 ]; do
        screen "$1" | grep -qF -- "$2" && return 0
        sleep 0.1
        i=$((i + 1))
    done
    return 1
}

check() {
    if wait_for "$1" "$2"; then ok; else bad "$3: '$2' not on the screen"; screen "$1" | sed 's/^/    | /'; fi
}

check_not() {
    sleep 0.3
    if screen "$1" | grep -qF -- "$2"; then bad "$3: '$2' is on the screen"; else ok; fi
}

keys() { name=$1; shift; $T send-keys -t "$name" "$@"; sleep 0.15; }

exited() {
    i=0; while [ ! -f "$tmp/$1.exit" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
    if [ -f "$tmp/$1.exit" ] && grep -q "EXIT=$2" "$tmp/$1.exit"; then ok; else bad "$3"; fi
}
