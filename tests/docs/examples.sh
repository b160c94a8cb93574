#!/bin/sh
# examples.sh [--update] FILE.md... - the command examples of the documents
# are the tool's real output. Each example follows a line
#     <!-- example -->
# and is a fenced block of commands, `$ COMMAND` (run from the top of the tree
# with minicc on PATH; `build/minicc` is read as `minicc`), each followed by
# its exact output (stdout and stderr together; the exit status is not
# compared). Prints `ok: FILE: COMMAND` or `stale: FILE: COMMAND` and the
# difference; with --update rewrites the stale blocks instead. Exit status 1
# when an example is stale.
set -u
update=0
[ "${1:-}" = "--update" ] && { update=1; shift; }
cd "$(dirname "$0")/../.." || exit 2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
stale=0
for doc in "$@"; do
    # One pair of files per command: the command, then the lines it must print.
    rm -f "$tmp"/cmd* "$tmp"/want*
    awk -v dir="$tmp" '
        /^<!-- example -->$/ { want = 1; next }
        want == 1 && /^```/ { want = 2; next }
        want == 2 && /^```/ { want = 0; next }
        want == 2 && /^\$ / { n++; c = substr($0, 3); sub(/^build\/minicc /, "minicc ", c)
                             print c > (dir "/cmd" n); printf "" > (dir "/want" n); next }
        want == 2 && n > 0 { print >> (dir "/want" n) }
        want == 1 { want = 0 }
    ' "$doc"
    n=1
    while [ -f "$tmp/cmd$n" ]; do
        cmd=$(cat "$tmp/cmd$n")
        sh -c "$cmd" >"$tmp/got$n" 2>&1 </dev/null
        if cmp -s "$tmp/want$n" "$tmp/got$n"; then
            echo "ok: $doc: $cmd"
        else
            stale=1
            echo "stale: $doc: $cmd"
            [ $update = 0 ] && diff "$tmp/want$n" "$tmp/got$n" | head -20
        fi
        n=$((n + 1))
    done
    if [ $update = 1 ] && [ $stale = 1 ]; then
        # Rewrite every marked block from the commands' real output.
        awk -v dir="$tmp" '
            /^<!-- example -->$/ { print; want = 1; next }
            want == 1 && /^```/ { print; want = 2; next }
            want == 2 && /^```/ { print; want = 0; next }
            want == 2 && /^\$ / { n++; print; while ((getline line < (dir "/got" n)) > 0) print line; next }
            want == 2 { next }
            { print }
        ' "$doc" >"$tmp/new" && cp "$tmp/new" "$doc"
        echo "rewrote $doc"
    fi
done
[ $stale = 0 ]
