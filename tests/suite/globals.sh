#!/bin/sh
# globals.sh - no global mutable state in the engine (docs/architecture.md):
# no object of libminicc has a named variable in a writable data section
# (.data, .bss and their variants; tables that are const, .rodata and
# .data.rel.ro, are fine). Checks the objects `make` built, so it sees
# function-local statics too. Names starting with __ (reserved: the
# sanitizers' bookkeeping, such as __odr_asan.X) are ignored.
# Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
pass=0; fail=0
if ! command -v objdump >/dev/null 2>&1; then
    echo "skip: no objdump"; echo "0 passed, 0 failed"; exit 0
fi
for o in "$BUILD"/obj/src/engine/*/*.o; do
    [ -f "$o" ] || continue
    bad=$(objdump -t "$o" | awk '$0 ~ / O / {
            for (i = 1; i <= NF; i++) if ($i == "O") { sec = $(i + 1); name = $NF }
            if (sec ~ /^\.(data|bss|tbss|tdata)($|\.)/ && sec !~ /^\.data\.rel\.ro/ &&
                name !~ /^(__|\.L)/) print sec, name }')
    if [ -n "$bad" ]; then
        fail=$((fail + 1)); echo "FAIL $(basename "$o"): writable globals:"; echo "$bad" | sed 's/^/    /'
    else
        pass=$((pass + 1))
    fi
done
[ $((pass + fail)) -gt 0 ] || { echo "FAIL no engine objects in $BUILD/obj/src/engine"; fail=1; }
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
