#!/bin/sh
# examples.sh - every program of the gallery in share/minicc/examples (MiniC
# and IR) does what its header says. Its first line names it and says what it
# shows (`// gcd.c - ...`, `# gcd.ir: ...`), and each block
#     // run: ARG...                (# run: in an IR file)
#     //   expected output line
#     //   ...
# is run with `minicc run FILE -- ARG...` and must print exactly those lines
# (exit 0, or 3 when the first line is a `trap:`); `minicc check FILE --
# ARG...` must end with `agree` (every stage, native code included, matches
# the input). Each program must state at least one run; the gallery has at
# least 12 programs, 8 of them MiniC. Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
MINICC=${MINICC:-$(pwd)/$BUILD/minicc}
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); echo "ok   $1"; }
ko() { fail=$((fail + 1)); echo "FAIL $1"; [ -n "${2:-}" ] && printf '%s\n' "$2" | head -20; }
files=$(LC_ALL=C ls share/minicc/examples/*.c share/minicc/examples/*.ir)
set -f # ARGs such as [1,2] are words, not patterns

n=0; nc=0
for f in $files; do
    n=$((n + 1))
    case $f in *.c) c='//'; nc=$((nc + 1)) ;; *) c='#' ;; esac
    base=${f##*/}
    case $(head -1 "$f") in "$c $base - "?* | "$c $base: "?*) ok "$f names itself and what it shows" ;;
        *) ko "$f: the first line must be '$c $base - WHAT IT SHOWS'" ;; esac
    # One file per run: the ARG line, then the expected lines.
    awk -v dir="$tmp" -v c="$c" '
        index($0, c " run: ") == 1 { k++; f = dir "/run" k; print substr($0, length(c) + 7) > (f ".args"); printf "" > (f ".want"); inrun = 1; next }
        inrun && index($0, c "   ") == 1 { print substr($0, length(c) + 4) >> (f ".want"); next }
        { inrun = 0 }' "$f"
    set +f
    runs=$(ls "$tmp"/run*.args 2>/dev/null)
    set -f
    [ -n "$runs" ] || ko "$f states no '$c run:' block"
    for a in $runs; do
        [ -f "$a" ] || continue
        args=$(cat "$a"); want="${a%.args}.want"
        # shellcheck disable=SC2086
        "$MINICC" run "$f" -- $args >"$tmp/got" 2>&1
        st=$?
        exp=0; case $(head -1 "$want") in trap:*) exp=3 ;; esac
        if [ "$st" = "$exp" ] && cmp -s "$want" "$tmp/got"; then ok "$f run $args"
        else ko "$f run $args (exit $st)" "$(diff "$want" "$tmp/got")"; fi
        # shellcheck disable=SC2086
        "$MINICC" check "$f" -- $args >"$tmp/check" 2>&1
        st=$?
        if [ "$st" = 0 ] && [ "$(tail -1 "$tmp/check")" = agree ]; then ok "$f check $args"
        else ko "$f check $args (exit $st)" "$(cat "$tmp/check")"; fi
    done
    for a in $runs; do rm -f "$a" "${a%.args}.want"; done
done
[ "$nc" -ge 8 ] && ok "$nc MiniC examples (at least 8)" || ko "only $nc MiniC examples (at least 8)"
[ "$n" -ge 12 ] && ok "$n programs in the gallery (at least 12)" || ko "only $n programs in the gallery (at least 12)"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
