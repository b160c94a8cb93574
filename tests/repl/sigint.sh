#!/bin/sh
# sigint.sh CMD...: run CMD in the background with output to a file, send it
# SIGINT once a line starting with `max-steps` has been printed (the command
# before the long one), wait up to 20 s for it to end (else kill it and say
# "did not stop"), then print its exit status and its output with block
# counts replaced by N. Used by interrupt.t.
out=$(mktemp)
"$@" >"$out" 2>&1 &
pid=$!
n=0
while ! grep -q '^max-steps' "$out" && [ $n -lt 200 ]; do sleep 0.1; n=$((n + 1)); done
sleep 0.3
kill -INT $pid
n=0
while kill -0 $pid 2>/dev/null && [ $n -lt 200 ]; do sleep 0.1; n=$((n + 1)); done
if kill -0 $pid 2>/dev/null; then kill -KILL $pid; echo "did not stop"; fi
wait $pid
echo "status $?"
sed 's/after [0-9]* blocks/after N blocks/' "$out"
rm -f "$out"
