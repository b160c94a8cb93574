#!/bin/sh
# readme_screens.sh [--update] [README] - the workbench screens in the README
# are generated, never typed: each one follows a line
#     <!-- screen: ARGS -->
# and is the output of `minicc --tui-script ARGS` (run from the top of the
# tree, ARGS as shell words) in a fenced block. Prints each screen's ARGS
# and `ok` or the difference; with --update rewrites the blocks instead.
# Exit status 1 when a screen is stale.
set -u
update=0
[ "${1:-}" = "--update" ] && { update=1; shift; }
readme=${1:-README.md}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
stale=0
# Split the README: for each marker, the block after it.
awk -v dir="$tmp" '
    /^<!-- screen: .* -->$/ { n++; args = $0; sub(/^<!-- screen: /, "", args); sub(/ -->$/, "", args);
                             print args > (dir "/args" n); want = 1; next }
    want == 1 && /^```/ { want = 2; next }
    want == 2 && /^```/ { want = 0; close(dir "/text" n); next }
    want == 2 { print > (dir "/text" n) }
' "$readme"
n=1
while [ -f "$tmp/args$n" ]; do
    args=$(cat "$tmp/args$n")
    eval "minicc --tui-script $args" > "$tmp/now$n" 2>&1
    touch "$tmp/text$n"
    if cmp -s "$tmp/text$n" "$tmp/now$n"; then
        echo "ok: $args"
    else
        stale=1
        echo "stale: $args"
        [ $update = 0 ] && diff "$tmp/text$n" "$tmp/now$n" | head -20
    fi
    n=$((n + 1))
done
if [ $update = 1 ] && [ $stale = 1 ]; then
    awk -v dir="$tmp" '
        /^<!-- screen: .* -->$/ { n++; print; want = 1; next }
        want == 1 && /^```/ { print; while ((getline line < (dir "/now" n)) > 0) print line; want = 2; next }
        want == 2 && /^```/ { print; want = 0; next }
        want == 2 { next }
        { print }
    ' "$readme" > "$tmp/readme" && cp "$tmp/readme" "$readme"
    echo "updated $readme"
    exit 0
fi
exit $stale
