#!/bin/sh
# examples.sh - every MiniC example in share/minicc/examples does what its
# header says. A header block
#     // run: ARG...
#     //   expected output line
#     //   ...
# is run with `minicc run FILE -- ARG...` and must print exactly those lines
# (exit 0); `minicc check FILE -- ARG...` must end with `agree` (every stage,
# native code included, matches the input). Each example must state at least
# one run. Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
MINICC=${MINICC:-$(pwd)/$BUILD/minicc}
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); echo "ok   $1"; }
ko() { fail=$((fail + 1)); echo "FAIL $1"; [ -n "${2:-}" ] && printf '%s\n' "$2" | head -20; }
files=$(ls share/minicc/examples/*.c)
set -f # ARGs such as [1,2] are words, not patterns

n=0
for f in $files; do
    n=$((n + 1))
    # One file per run: the ARG line, then the expected lines.
    awk -v dir="$tmp" '
        /^\/\/ run: / { k++; f = dir "/run" k; sub(/^\/\/ run: /, ""); print > (f ".args"); printf "" > (f ".want"); inrun = 1; next }
        inrun && /^\/\/   / { sub(/^\/\/   /, ""); print >> (f ".want"); next }
        { inrun = 0 }' "$f"
    set +f
    runs=$(ls "$tmp"/run*.args 2>/dev/null)
    set -f
    [ -n "$runs" ] || ko "$f states no '// run:' block"
    for a in $runs; do
        [ -f "$a" ] || continue
        args=$(cat "$a"); want="${a%.args}.want"
        # shellcheck disable=SC2086
        "$MINICC" run "$f" -- $args >"$tmp/got" 2>&1
        st=$?
        if [ "$st" = 0 ] && cmp -s "$want" "$tmp/got"; then ok "$f run $args"
        else ko "$f run $args (exit $st)" "$(diff "$want" "$tmp/got")"; fi
        # shellcheck disable=SC2086
        "$MINICC" check "$f" -- $args >"$tmp/check" 2>&1
        st=$?
        if [ "$st" = 0 ] && [ "$(tail -1 "$tmp/check")" = agree ]; then ok "$f check $args"
        else ko "$f check $args (exit $st)" "$(cat "$tmp/check")"; fi
    done
    for a in $runs; do rm -f "$a" "${a%.args}.want"; done
done
[ "$n" -ge 8 ] && ok "$n MiniC examples (at least 8)" || ko "only $n MiniC examples (at least 8)"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
