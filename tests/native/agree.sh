#!/bin/sh
# agree.sh FILE [OPTIONS] [--] ARG... - run FILE at stage input and at stage
# native (optimized, and -O0) with the same options and arguments; print the
# native output and exit with its status when all three agree (output and
# exit status), else show the differences and exit 99.
# Used by the transcripts in this directory.
tmp=$(mktemp -d) || exit 98
trap 'rm -rf "$tmp"' EXIT
minicc run --stage input "$@" >"$tmp/input" 2>&1; echo "[exit $?]" >>"$tmp/input"
minicc run --stage native "$@" >"$tmp/native" 2>&1; st=$?; echo "[exit $st]" >>"$tmp/native"
minicc run --stage native -O0 "$@" >"$tmp/native0" 2>&1; echo "[exit $?]" >>"$tmp/native0"
ok=0
cmp -s "$tmp/input" "$tmp/native" || { echo "input and native differ:"; diff "$tmp/input" "$tmp/native"; ok=1; }
cmp -s "$tmp/input" "$tmp/native0" || { echo "input and native -O0 differ:"; diff "$tmp/input" "$tmp/native0"; ok=1; }
[ $ok = 0 ] || exit 99
sed '$d' "$tmp/native"
exit $st
