#!/bin/sh
# gallery.sh - every program in share/minicc/examples says what it shows and
# what it returns, and means it. Each file starts with a comment naming it
# (`# NAME.ir: ...`, `// NAME.c: ...`) and has one or more lines
#     # run: ARGS => OUTPUT ; OUTPUT ...        (// run: in a MiniC file)
# giving the arguments and the exact output of `minicc run` (its lines joined
# by " ; "). For each: `minicc run FILE -- ARGS` prints exactly that, and
# `minicc check FILE -- ARGS` agrees at every stage. Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
M=${MINICC:-build/minicc}
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }
n=0
tmp=$(mktemp); trap 'rm -f "$tmp"' EXIT
for f in $(LC_ALL=C ls share/minicc/examples/*.ir share/minicc/examples/*.c 2>/dev/null); do
    n=$((n + 1))
    base=$(basename "$f")
    case $f in *.c) c='//' ;; *) c='#' ;; esac
    first=$(head -1 "$f")
    case $first in "$c $base: "?*) ok ;; *) bad "$f: the first line must be '$c $base: WHAT IT SHOWS'" ;; esac
    runs=$(grep -c "^$c run: " "$f")
    [ "$runs" -ge 1 ] && ok || bad "$f: no '$c run: ARGS => OUTPUT' line"
    grep "^$c run: " "$f" | while IFS= read -r line; do
        spec=${line#"$c run: "}
        args=${spec%% =>*}
        want=${spec#*=> }
        # shellcheck disable=SC2086 # ARGS are words: integers and [lists]
        got=$("$M" run "$f" -- $args 2>&1 | awk 'NR > 1 { printf " ; " } { printf "%s", $0 }')
        if [ "$got" = "$want" ]; then echo "ok"; else echo "FAIL $f: run -- $args: got '$got', want '$want'"; fi
        # shellcheck disable=SC2086
        chk=$("$M" check "$f" -- $args 2>&1 | tail -1)
        if [ "$chk" = agree ]; then echo "ok"; else echo "FAIL $f: check -- $args: $chk"; fi
    done > "$tmp"
    p=$(grep -c '^ok$' "$tmp"); q=$(grep -c '^FAIL' "$tmp")
    grep '^FAIL' "$tmp"
    pass=$((pass + p)); fail=$((fail + q))
done
[ "$n" -ge 12 ] && ok || bad "the gallery has $n programs, fewer than 12"
echo "gallery: $pass passed, $fail failed"
[ "$fail" = 0 ]
