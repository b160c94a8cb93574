#!/bin/sh
# signals.sh - nothing hangs, nothing is lost (issue 26 §3), on a real
# terminal (a private tmux server: keys go in with send-keys, the screen
# comes back with capture-pane) and with real signals:
#   - one Ctrl-C stops a lesson's endless command at the prompt, in
#     `minicc -c 'lesson FILE'` and in `minicc --tui --lesson FILE` (whose
#     screen is up before the lesson's commands run; q quits after, and q
#     during the command stops it and quits);
#   - Ctrl-C or q while `minicc --tui FILE` makes its first allocation
#     stops it: the workbench opens on the program and says so;
#   - Ctrl-C while Graphviz draws `dot cfg FILE.png` leaves FILE as it was,
#     says only `interrupted`, and leaves no temporary file beside it;
#   - SIGTERM, SIGINT or SIGHUP to minicc while the C compiler runs ends the
#     compiler's processes (found by their process group, never by name
#     across the machine) and leaves no tmp-* build directory in the cache;
#   - --cc tcc: the time limit covers the call, not libtcc's compile.
# Every wait is a generous time-out; nothing judges how fast anything is.
# Prints "signals: N passed, N failed"; without tmux the terminal checks
# are skipped.
set -u
cd "$(dirname "$0")/../.."
MINICC=${MINICC:-$(pwd)/build/minicc}
case $MINICC in /*) ;; *) MINICC=$(pwd)/$MINICC ;; esac

pass=0; fail=0; skipped=0
. tests/suite/lib/tmux.sh # tmux_setup: $tmp, a private TMUX_TMPDIR and server $T
tmux_setup signals
tmux_on_exit='[ -n "${bgpid:-}" ] && kill -KILL "$bgpid" 2>/dev/null'
mkdir -p "$tmp/work"
cp tests/native/forever.ir "$tmp/work/forever.ir"

ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() {
    fail=$((fail + 1)); echo "FAIL $1"
    [ -n "${S:-}" ] && $T capture-pane -p -t "$S" 2>/dev/null | grep -v '^ *$' | tail -15 | sed 's/^/     | /'
}

# ---- on a terminal ------------------------------------------------------------------
tmux_ok=1
have_tmux || tmux_ok=0

# start ARGS: minicc ARGS in a fresh tmux session (the previous one is
# killed once the new one exists); the shell prints MINICC-EXITED STATUS.
runs=0; S=""
start() {
    old=$S; runs=$((runs + 1)); S="s$runs"
    $T new-session -d -s "$S" -x 110 -y 40 \
        "cd '$tmp/work' && env -i PATH='$PATH' TERM=xterm LC_ALL=C HOME='$tmp/home' \
         XDG_STATE_HOME='$tmp/state' XDG_CACHE_HOME='$tmp/cache' INPUTRC=/dev/null '$MINICC' $*; \
         echo MINICC-EXITED \$?; sleep 60"
    [ -n "$old" ] && $T kill-session -t "$old" >/dev/null 2>&1
}
screen() { $T capture-pane -p -t "$S" 2>/dev/null; }
# wait_for REGEX [SECONDS]: until the screen matches (extended regex)
wait_for() {
    n=0; limit=$(( ${2:-20} * 10 ))
    while [ $n -lt $limit ]; do
        screen | grep -Eq -- "$1" && return 0
        sleep 0.1; n=$((n + 1))
    done
    return 1
}
keys() { $T send-keys -t "$S" "$@"; }
check() { if wait_for "$2" "${3:-20}"; then ok "$1"; else bad "$1"; fi; }
# The screen must not show REGEX.
check_not() { if screen | grep -Eq -- "$2"; then bad "$1"; else ok "$1"; fi; }

# A lesson whose fourth command never ends: its step budget is 10^12 block
# entries, hours of work. One Ctrl-C must stop it.
cat >"$tmp/work/forever.lesson" <<'EOF'
== Forever
A loop that never ends.
$ load forever.ir
$ args [0]
$ set max-steps 1000000000000
$ run
expect return 1
Never reached.
$ print b
EOF
stops_line="interrupted: '\\\$ run' \\(line 6\\) did not finish"

if [ $tmux_ok = 1 ]; then
    # At the prompt: the lesson stops, the prompt carries on.
    start
    wait_for 'minicc> *$' >/dev/null
    keys "lesson forever.lesson" Enter
    check "prompt: the lesson's endless command starts" '^minicc> run$'
    sleep 0.5
    keys C-c
    check "prompt: one Ctrl-C interrupts the lesson's command" '^error: run: interrupted'
    check "prompt: the lesson says which command and stops" "^\\($stops_line; the lesson stops here\\)"
    check_not "prompt: nothing after the interrupted command ran" 'Never reached|End of lesson'
    keys "lesson --list" Enter "quit" Enter
    check "prompt: the prompt carries on after the lesson" 'MINICC-EXITED 0'

    # minicc -c: one Ctrl-C stops the lesson and ends the batch (status 1).
    start "-c 'lesson forever.lesson'"
    check "batch: the lesson's endless command starts" '^minicc> run$'
    sleep 0.5
    keys C-c
    check "batch: one Ctrl-C interrupts the lesson's command" 'error: run: interrupted'
    check "batch: the lesson says which command and stops" "^\\($stops_line; the lesson stops here\\)"
    check "batch: the batch ends with status 1 after one Ctrl-C" 'MINICC-EXITED 1'

    # The workbench: on the screen before the lesson's commands run; Ctrl-C
    # stops the command, the lesson pane says so, q quits.
    start "--tui --lesson forever.lesson"
    check "workbench: the screen is up while the lesson's commands run" 'running its commands \(Ctrl-C stops them, q quits\)'
    sleep 0.5
    keys C-c
    check "workbench: one Ctrl-C interrupts the lesson's command" "$stops_line; Enter goes on"
    check_not "workbench: the interrupted command's expectation is passed over" 'check at line 7 failed'
    # the lesson is not finished: q asks once, a second q quits (issue 29)
    keys q q
    check "workbench: q quits after the interrupt" 'MINICC-EXITED 0'

    # q while the lesson's command runs is not left waiting behind it: it
    # stops the command (the terminal's quit character meanwhile) and quits.
    start "--tui --lesson forever.lesson"
    check "workbench, q: the lesson's commands run" 'running its commands \(Ctrl-C stops them, q quits\)'
    sleep 0.5
    keys q
    check "workbench: q during the lesson's endless command stops it and asks" 'quit and lose the run at step [0-9]* and the lesson\? q or y quits'
    keys q
    check "workbench: a second q quits" 'MINICC-EXITED 0'

    # The workbench's first allocation, made as it opens: the improved
    # allocator on a MiniC loop rotating 3,000 variables at -O0 (seconds
    # of work; bench/coalesce.c). Ctrl-C stops it: the workbench opens on
    # the program and says so, m allocates again (stopped too), q quits.
    # Keys go in only once the opening says it is allocating: a Ctrl-C
    # before curses has the terminal would end the shell.
    awk 'BEGIN { n = 3000; s = "int f(int n) {"
                 for (i = 0; i < n; i++) s = s " int v" i " = " i ";"
                 s = s " while (n > 0) { int t = v0;"
                 for (i = 0; i + 1 < n; i++) s = s " v" i " = v" (i + 1) ";"
                 s = s " v" (n - 1) " = t; n--; } return v0"
                 for (i = 1; i < n; i++) s = s " + v" i
                 print s "; }" }' >"$tmp/work/rot.c"
    # stop_opening WHAT: Ctrl-C until the opening says it was interrupted
    stop_opening() {
        tries=0
        while [ $tries -lt 3 ]; do
            sleep 0.3
            keys C-c
            wait_for "$2" 10 && { ok "$1"; return; }
            tries=$((tries + 1))
        done
        bad "$1"
    }
    start "--tui rot.c 3"
    check "opening: the workbench says it allocates" 'opening f \(Ctrl-C stops its allocation\)' 60
    stop_opening "opening: Ctrl-C stops the first allocation" 'allocation interrupted: m allocates K = 4'
    check "opening: the program is loaded and shown after the interrupt" 'IR f \[input\]'
    check "opening: the status bar says the allocation was interrupted" 'f \| stage input \| step 0 \| K=4 \| not started +allocation interrupted'
    keys n
    check "opening: n steps after the interrupt" 'step 1 \| K=4'
    keys m
    sleep 0.3
    keys C-c
    check "opening: m allocates again, and Ctrl-C stops it" 'step 1 \| K=4 .*allocation interrupted: m allocates K = 4'
    keys q
    check "opening: q asks, since a run was started" 'quit and lose the run at step 1\? q or y quits'
    keys y
    check "opening: y quits after the interrupts" 'MINICC-EXITED 0'
    start "--tui rot.c 3"
    check "opening, q: the workbench says it allocates" 'opening f \(Ctrl-C stops its allocation\)' 60
    sleep 0.3
    keys q
    check "opening: q during the first allocation stops it and quits" 'MINICC-EXITED 0' 10

    # Ctrl-C while Graphviz draws: Graphviz answers SIGINT by drawing what
    # it has and exiting with status 0; the picture must not replace FILE.
    # The interference graph of 120 values all live at once is a clique
    # Graphviz takes many minutes to lay out: the Ctrl-C lands while it runs.
    if command -v dot >/dev/null 2>&1; then
        awk 'BEGIN { print "func clique(i32 a) {"; print "entry:"
                     for (i = 0; i < 120; i++) printf "    v%d = add a, %d\n", i, i + 1
                     p = "v0"; for (i = 1; i < 120; i++) { printf "    s%d = add %s, v%d\n", i, p, i; p = "s" i }
                     printf "    return %s\n}\n", p }' >"$tmp/work/clique.ir"
        printf 'the old picture\n' >"$tmp/work/pic.png"
        start
        wait_for 'minicc> *$' >/dev/null
        keys "load clique.ir" Enter
        check "dot: the clique loads" 'clique\(i32 a\): SSA form'
        keys "dot interference pic.png" Enter
        # Graphviz's process: a descendant of the pane's shell named dot.
        pane=$($T list-panes -t "$S" -F '#{pane_pid}' 2>/dev/null)
        n=0; drawing=""
        while [ $n -lt 200 ] && [ -z "$drawing" ]; do
            drawing=$(ps -e -o pid= -o ppid= -o comm= | awk -v root="$pane" '
                { parent[$1] = $2; name[$1] = $3 }
                END { for (p in parent) { q = p; while (q in parent && q != root && q > 1) q = parent[q]
                                          if (q == root && name[p] == "dot") print p } }')
            [ -z "$drawing" ] && sleep 0.1; n=$((n + 1))
        done
        if [ -n "$drawing" ]; then ok "dot: Graphviz is drawing"; else bad "dot: Graphviz is drawing"; fi
        keys C-c
        check "dot: Ctrl-C says interrupted" '^error: dot: interrupted'
        wait_for '^minicc> *$' >/dev/null
        check_not "dot: an interrupted picture is not 'wrote'" 'wrote pic.png'
        if [ "$(cat "$tmp/work/pic.png")" = "the old picture" ]; then ok "dot: the existing FILE is intact"
        else bad "dot: the existing FILE is intact (it has $(wc -c <"$tmp/work/pic.png") bytes)"; fi
        left=$(ls -A "$tmp/work" | grep -c '^\.minicc-')
        if [ "$left" = 0 ]; then ok "dot: no temporary file is left beside FILE"; else bad "dot: $left temporary files left"; fi
        keys "dot cfg pic.png" Enter
        check "dot: a picture that is drawn replaces FILE" '^wrote pic.png'
        if [ "$(head -c 4 "$tmp/work/pic.png" | od -An -c | tr -d ' ')" = '211PNG' ]; then ok "dot: FILE is the new picture"
        else bad "dot: FILE is the new picture"; fi
        left=$(ls -A "$tmp/work" | grep -c '^\.minicc-')
        if [ "$left" = 0 ]; then ok "dot: nothing is left beside FILE after drawing"; else bad "dot: $left temporary files left after drawing"; fi
    else
        echo "skip the dot checks (Graphviz is not installed)"
        skipped=$((skipped + 1))
    fi
else
    echo "skip the terminal checks (tmux is not installed)"
    skipped=$((skipped + 1))
fi

# ---- a signal to minicc while the C compiler runs --------------------------------------
# The processes under PID: "pid pgid comm" per line (PID itself left out).
tree() {
    ps -e -o pid= -o ppid= -o pgid= -o comm= | awk -v root="$1" '
        { parent[$1] = $2; line[$1] = $1 " " $3 " " $4 }
        END { for (p in parent) { q = p; while (q in parent && q != root && q > 1) q = parent[q]
                                  if (q == root && p != root) print line[p] } }'
}
# alive PID: the process exists and is not a zombie.
alive() {
    st=$(ps -o stat= -p "$1" 2>/dev/null)
    [ -n "$st" ] && case $st in Z*) return 1 ;; esac
}
# await_tree PID NAME SECONDS: until a process named NAME runs under PID.
await_tree() {
    n=0
    while [ $n -lt $(($3 * 10)) ]; do
        tree "$1" | awk -v name="$2" '$3 == name { found = 1 } END { exit !found }' && return 0
        alive "$1" || return 1
        sleep 0.1; n=$((n + 1))
    done
    return 1
}
# gone PIDS...: up to 60 s for all of them to end; $left names the others.
gone() {
    n=0
    while [ $n -lt 600 ]; do
        left=""
        for p in "$@"; do alive "$p" && left="$left $p"; done
        [ -z "$left" ] && return 0
        sleep 0.1; n=$((n + 1))
    done
    return 1
}

# A compiler that never finishes: the driver (sh) waits for its "cc1", a
# sleep, which runs until something kills it.
printf '%s\n' 'case "$1" in --version) echo "slowcc 1"; exit 0 ;; esac' 'sleep 100000 &' 'wait' >"$tmp/slowcc.sh"

# start_cmd CMD: CMD in a fresh tmux session, which then stays (its end
# would hang up whatever CMD left in the terminal's foreground group).
start_cmd() {
    old=$S; runs=$((runs + 1)); S="s$runs"
    $T new-session -d -s "$S" -x 110 -y 40 "cd '$tmp/work' && $1; sleep 600"
    [ -n "$old" ] && $T kill-session -t "$old" >/dev/null 2>&1
}

# native_signal SIG HOW CC NAME: start minicc run --stage native with the
# compiler CC (a huge generated function for the real one), wait until
# NAME (the compiler's cc1) runs under it, send SIG to minicc's pid alone,
# and check that every process under it ended (their pids, never names
# across the machine) and that no tmp-* build directory is left in the
# cache ($XDG_CACHE_HOME). HOW: bg (a background job), or tmux (a
# terminal's foreground job: SIGINT is not ignored there).
native_signal() {
    sig=$1; how=$2; cc=$3; name=$4
    cache="$tmp/cache-$sig-$name"
    mkdir -p "$cache"
    prog="$tmp/work/swap.ir"
    [ "$name" = cc1 ] && prog="$tmp/work/huge.ir"
    what="$sig to minicc during a native compile ($name)"
    if [ "$how" = tmux ]; then
        start_cmd "env -i PATH='$PATH' XDG_CACHE_HOME='$cache' CC='$cc' '$MINICC' run --stage native '$prog' 3"
        pane=$($T list-panes -t "$S" -F '#{pane_pid}' 2>/dev/null)
        n=0; mpid=""
        while [ $n -lt 200 ] && [ -z "$mpid" ]; do
            mpid=$(tree "$pane" | awk '$3 == "minicc" { print $1 }' | sort -n | head -1)
            [ -z "$mpid" ] && sleep 0.1; n=$((n + 1))
        done
    else
        env XDG_CACHE_HOME="$cache" CC="$cc" "$MINICC" run --stage native "$prog" 3 >"$tmp/out-$sig" 2>&1 &
        mpid=$!; bgpid=$mpid
    fi
    if [ -z "$mpid" ] || ! await_tree "$mpid" "$name" 60; then
        bad "$what: the compiler did not start"
        return
    fi
    pids=$(tree "$mpid" | awk '{ print $1 }')
    kill -"$sig" "$mpid"
    if [ "$how" = bg ]; then wait "$mpid" 2>/dev/null; bgpid=""; fi
    if gone $pids; then ok "$what: the compiler's processes end"
    else
        bad "$what: the compiler's processes end (left:$left)"
        kill -KILL $left 2>/dev/null
    fi
    n=0
    while [ $n -lt 300 ] && ls "$cache/minicc" 2>/dev/null | grep -q '^tmp-'; do sleep 0.1; n=$((n + 1)); done
    if ls "$cache/minicc" 2>/dev/null | grep -q '^tmp-'; then bad "$what: a tmp-* build directory is left in the cache"
    else ok "$what: no tmp-* build directory is left in the cache"; fi
}

cp share/minicc/examples/swap.ir "$tmp/work/swap.ir"
native_signal TERM bg "sh $tmp/slowcc.sh" sleep
native_signal HUP bg "sh $tmp/slowcc.sh" sleep
native_signal KILL bg "sh $tmp/slowcc.sh" sleep
if [ $tmux_ok = 1 ]; then
    native_signal INT tmux "sh $tmp/slowcc.sh" sleep
    # Ctrl-C at the prompt during a compile: the terminal's SIGINT reaches
    # minicc only (the compiler is in a group of its own), which kills it.
    start_cmd "env -i PATH='$PATH' TERM=xterm LC_ALL=C HOME='$tmp/home' XDG_CACHE_HOME='$tmp/cache-prompt' CC='sh $tmp/slowcc.sh' INPUTRC=/dev/null '$MINICC'"
    wait_for 'minicc> *$' >/dev/null
    keys "load swap.ir; args 3; native" Enter
    pane=$($T list-panes -t "$S" -F '#{pane_pid}' 2>/dev/null)
    mpid=$(tree "$pane" | awk '$3 == "minicc" { print $1 }' | sort -n | head -1)
    if [ -n "$mpid" ] && await_tree "$mpid" sleep 60; then
        pids=$(tree "$mpid" | awk '$3 != "minicc" || $1 != '"$mpid"' { print $1 }')
        keys C-c
        check "prompt: Ctrl-C interrupts the C compiler" '^error: native: interrupted'
        # the guard (a fork of minicc) and the compiler's processes end
        if gone $pids; then ok "prompt: the interrupted compiler's processes end"
        else bad "prompt: the interrupted compiler's processes end (left:$left)"; kill -KILL $left 2>/dev/null; fi
        keys "args 4" Enter
        check "prompt: the prompt carries on after the interrupted compile" '^args: 4'
    else
        bad "prompt: the compiler did not start"
    fi
fi
# The real compiler on a function of 40,000 instructions (seconds of cc1),
# killed as soon as cc1 runs (GCC's: another compiler has no process of
# that name, and is skipped).
if command -v cc >/dev/null 2>&1 && [ -x "$(cc -print-prog-name=cc1 2>/dev/null)" ]; then
    awk 'BEGIN { print "func huge(i32 a) {"; print "entry:"; p = "a"
                 for (i = 0; i < 40000; i++) { printf "    v%d = %s %s, %d\n", i, (i % 2 ? "mul" : "add"), p, i % 97 + 1; p = "v" i }
                 printf "    return %s\n}\n", p }' >"$tmp/work/huge.ir"
    native_signal TERM bg cc cc1
else
    echo "skip the check with cc1 (cc is not GCC)"
    skipped=$((skipped + 1))
fi

# ---- --cc tcc: the time limit covers running only -------------------------------------
# libtcc compiles in the child before the call. A function of 200,000
# instructions (over 20 MB of C, seconds of libtcc's work here) that runs
# in well under a millisecond must return under
# --timeout 0.25; it used to end `trap: time limit exceeded`, the compile
# counted. The time limit still applies to the call (forever.ir). A call is
# given three tries, so a busy machine that holds the child back for a
# quarter of a second once cannot fail it; a compile that counts fails all.
"$MINICC" run "$tmp/work/swap.ir" --stage native --cc tcc -- 5 >"$tmp/out" 2>&1
if grep -q 'built without libtcc' "$tmp/out"; then
    echo "skip the tcc time limit checks (no libtcc in this build)"
    skipped=$((skipped + 1))
else
    awk 'BEGIN { print "func huge(i32 a) {"; print "entry:"; p = "a"
                 for (i = 0; i < 200000; i++) { printf "    v%d = %s %s, %d\n", i, (i % 2 ? "mul" : "add"), p, i % 97 + 1; p = "v" i }
                 printf "    return %s\n}\n", p }' >"$tmp/work/tcc.ir"
    want=$("$MINICC" run "$tmp/work/tcc.ir" --stage input -- 3 2>&1)
    tries=0; got=""
    while [ $tries -lt 3 ] && [ "$got" != "$want" ]; do
        got=$(XDG_CACHE_HOME="$tmp/cache-tcc" "$MINICC" run "$tmp/work/tcc.ir" --stage native --cc tcc --timeout 0.25 -- 3 2>&1)
        tries=$((tries + 1))
    done
    case $want in return*) ;; *) bad "tcc: the interpreter runs the huge function ($want)" ;; esac
    if [ "$got" = "$want" ]; then ok "tcc: --timeout 0.25 does not count libtcc's compile ($got)"
    else bad "tcc: --timeout 0.25 does not count libtcc's compile (got '$got', want '$want')"; fi
    got=$("$MINICC" run "$tmp/work/forever.ir" --stage native --cc tcc --timeout 0.25 -- '[0]' 2>&1)
    if printf '%s\n' "$got" | grep -qx 'trap: time limit exceeded'; then ok "tcc: the time limit still ends a call that never returns"
    else bad "tcc: the time limit still ends a call that never returns (got '$got')"; fi
fi

if [ $skipped -gt 0 ]; then echo "signals: $pass passed, $fail failed, $skipped skipped"; else echo "signals: $pass passed, $fail failed"; fi
[ "$fail" = 0 ]
