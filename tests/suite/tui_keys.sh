#!/bin/sh
# tui_keys.sh - every key and workbench command on every IR file of the
# tests (traps, buffers, several functions, mutable form, C keywords as
# names, infinite loops within the step budget): the batch workbench
# (minicc --tui-script) must finish with status 0 and draw its status bar,
# never crash. Run under the sanitizer build by `make asan`. Prints
# "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
MINICC=${MINICC:-$(pwd)/build/minicc}
pass=0; fail=0
export NO_COLOR=1 HOME=$(mktemp -d) XDG_STATE_HOME= XDG_CACHE_HOME=
trap 'rm -rf "$HOME"' EXIT

# Arguments that fit a function's parameters: 3 for i32, [1,2,3] for buf.
args_for() {
    sed -n 's/^func [^(]*(\(.*\)).*/\1/p' "$1" | head -1 | tr ',' '\n' |
        while read -r kind _; do
            case "$kind" in buf) printf '%s ' '[1,2,3]' ;; i32) printf '3 ' ;; esac
        done
}

scripts='nnnnnnnnnnsiiiiicbbbbr
l+++----lLmv?x<Tab><PgDn><PgUp><Home><End>jkgG<Enter><Enter>
vvvnnnnn<Tab><Tab><Tab>c<Size:40x10>nn<Size:120x40>b
:set phi-mode sequential<Enter>nnnnnn:values<Enter>:show c<Enter>:reset<Enter>n
:alloc 1 baseline<Enter>l:destroy baseline<Enter>:set stage destroyed<Enter>nnnnc:bogus<Enter>
:break exit<Enter>cccc:delete<Enter>rc:layout c<Enter>:focus log<Enter><PgUp><PgUp>
:ssa minimal<Enter>:set stage ssa<Enter>nnii:opt<Enter>:set stage opt<Enter>nnb:func<Enter>'

for f in tests/ir/*.ir tests/native/*.ir share/minicc/examples/swap.ir; do
    [ -f "$f" ] || continue
    a=$(args_for "$f")
    echo "$scripts" | while IFS= read -r s; do
        # shellcheck disable=SC2086
        # The status bar: the full position, the short one a long message
        # leaves (` step N at BLOCK K=K`), or a message that took the bar.
        if out=$("$MINICC" --tui-script "$s" "$f" $a 2>&1) && echo "$out" | tail -2 | head -1 | grep -q '^ [^ ]'; then
            echo "ok"
        else
            echo "FAIL: $f ($a) keys '$s'"
            echo "$out" | tail -5 | sed 's/^/    /'
        fi
    done
done >"$HOME/log"
pass=$(grep -c '^ok$' "$HOME/log")
fail=$(grep -c '^FAIL' "$HOME/log")
grep -A5 '^FAIL' "$HOME/log" | head -40
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
