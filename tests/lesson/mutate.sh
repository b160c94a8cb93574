#!/bin/sh
# mutate.sh LESSON... - --check must catch every wrong answer (issue 28 §2).
# For each `answer` line of each lesson, one at a time, writes a copy of the
# lesson with that answer changed to a plausible wrong value and runs
# `minicc lesson --check` on it: a number is moved by +1 and -1, a set loses
# a word and gains one, a one-of answer becomes a stage, allocator or
# register name that is none of its alternatives (two of them), an exact
# answer gains a word, a direction turns. Prints each mutant that --check
# accepts (LESSON:LINE: ...) and `mutants: N, M accepted`; exits 1 if any is.
MINICC=${MINICC:-minicc}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
n=0 bad=0
for f in "$@"; do
    dir=$(cd "$(dirname "$f")" && pwd)
    for p in "$dir"/*; do [ -d "$p" ] && ln -sf "$p" "$tmp/"; done
    base=$(basename "$f")
    grep -n '^answer ' "$f" | while IFS=: read -r line text; do
        rest=${text#answer }
        kind=${rest%% *}; val=${rest#* }
        case $kind in
        number) muts="number $((val + 1))
number $((val - 1))" ;;
        set) muts="set ${val#* }
set $val zz" ;;
        one-of)
            muts=""; k=0
            for w in ssa opt alloc improved baseline input r0 r2 b; do
                printf '%s\n' "$val" | tr '|' '\n' | sed 's/^ *//; s/ *$//' | grep -qix "$w" && continue
                muts="$muts${muts:+
}one-of $w | $w."; k=$((k + 1)); [ $k = 2 ] && break
            done ;;
        direction) muts="direction more
direction fewer
direction same" ;;
        *) muts="$rest zz" ;;
        esac
        printf '%s\n' "$muts" | while IFS= read -r m; do
            [ "answer $m" = "$text" ] && continue
            awk -v l="$line" -v m="answer $m" 'NR == l { print m; next } { print }' "$f" > "$tmp/$base"
            if "$MINICC" lesson --check "$tmp/$base" >/dev/null 2>&1; then
                echo "$base:$line: --check accepts 'answer $m'"
                echo x >> "$tmp/bad"
            fi
            echo x >> "$tmp/n"
        done
    done
done
n=$(cat "$tmp/n" 2>/dev/null | wc -l | tr -d ' ')
bad=$(cat "$tmp/bad" 2>/dev/null | wc -l | tr -d ' ')
echo "mutants: $n, $bad accepted"
[ "$bad" = 0 ]
