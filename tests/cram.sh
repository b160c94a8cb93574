#!/bin/bash
# cram.sh - transcript tests in the cram format.
#
#   Unindented lines are narrative.
#     $ command            (two spaces, "$ ") a shell command, run from the
#     > continued          directory of the .t file with minicc on PATH
#     expected output      stdout and stderr together, two-space indented
#     [3]                  expected exit status when it is not 0
#
# Files a test writes go to $CRAMTMP, a scratch directory of its own per .t
# file (removed at the end), never into the tree: a failing command must not
# leave files behind. $HOME and the XDG directories are private too.
# Usage: cram.sh [--update] FILE.t...   Prints one line per failing command
# with a diff, and "cram: N passed, N failed" at the end. Only checks count
# as passes: a command with expected output or an expected exit status. A
# setup command (neither) still fails when it prints something or fails,
# but its silence is not counted as a pass. --update rewrites
# the files with the actual output (review the diff before committing!).
set -u
update=0
[ "${1:-}" = "--update" ] && { update=1; shift; }
MINICC=${MINICC:-$(cd "$(dirname "$0")/.." && pwd)/build/minicc}
bindir=$(dirname "$MINICC")
pass=0; fail=0; setup=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export NO_COLOR=1 LC_ALL=C TERM=dumb
unset MINICC_THEME
export HOME="$tmp/home" XDG_CACHE_HOME="$tmp/cache" XDG_STATE_HOME="$tmp/state" XDG_CONFIG_HOME="$tmp/config"
mkdir -p "$HOME"

run_cmd() { # dir cmd -> writes $tmp/actual
    (cd "$1" && PATH="$bindir:$PATH" bash -c "$2" </dev/null >"$tmp/actual" 2>&1; echo $? >"$tmp/status")
    st=$(cat "$tmp/status")
    [ "$st" != 0 ] && echo "[$st]" >>"$tmp/actual"
}

k=0
for t in "$@"; do
    dir=$(cd "$(dirname "$t")" && pwd)
    k=$((k + 1)); CRAMTMP="$tmp/scratch$k"; mkdir -p "$CRAMTMP"; export CRAMTMP
    out="$tmp/new.t"; : >"$out"
    cmd=""; lineno=0; cmdline=0
    : >"$tmp/expected"
    finish() {
        [ -z "$cmd" ] && return
        run_cmd "$dir" "$cmd"
        if cmp -s "$tmp/expected" "$tmp/actual"; then
            if [ -s "$tmp/expected" ]; then pass=$((pass + 1)); else setup=$((setup + 1)); fi
        else
            fail=$((fail + 1))
            echo "FAIL $t:$cmdline: \$ ${cmd%%$'\n'*}"
            diff -u --label expected --label actual "$tmp/expected" "$tmp/actual" | head -40 | sed 's/^/    /'
        fi
        sed 's/^/  /; s/^  $/  /' "$tmp/actual" >>"$out"
        cmd=""; : >"$tmp/expected"
    }
    while IFS= read -r line || [ -n "$line" ]; do
        lineno=$((lineno + 1))
        case "$line" in
        "  \$ "*) finish; cmd=${line#"  \$ "}; cmdline=$lineno; printf '%s\n' "$line" >>"$out" ;;
        "  > "*) if [ -n "$cmd" ]; then cmd="$cmd"$'\n'"${line#"  > "}"; fi; printf '%s\n' "$line" >>"$out" ;;
        "  "*) if [ -n "$cmd" ]; then printf '%s\n' "${line#  }" >>"$tmp/expected"; else printf '%s\n' "$line" >>"$out"; fi ;;
        *) finish; printf '%s\n' "$line" >>"$out" ;;
        esac
    done <"$t"
    finish
    [ $update = 1 ] && ! cmp -s "$out" "$t" && cp "$out" "$t" && echo "updated $t"
done
echo "cram: $setup setup commands ran without output (not counted)"
echo "cram: $pass passed, $fail failed"
[ $fail = 0 ]
