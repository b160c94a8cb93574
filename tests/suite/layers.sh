#!/bin/sh
# layers.sh - the include graph keeps its shape (src/engine/README.md):
#   * nothing includes a .c file;
#   * the engine includes no front end and no shell; the shell no front end;
#   * the engine's folders point down the pipeline: a file (or a public
#     header) includes only headers of its own layer or a layer below;
#   * the stepping interpreter's API (interp.h) stays with the executors and
#     the pipeline: the allocation and backend headers take arguments and
#     outcomes from outcome.h;
#   * the random programs and the reducer (fuzz/) are their own folder, the
#     top layer, so pipeline/ cannot reach them (it keeps composition only),
#     and they use nothing but the IR, the verifier, util.h and outcome.h;
#   * a folder's private headers ("engine/DIR/x.h") stay in it, but for the
#     executors' shared core jit/ (encoder, translation driver), which exec/
#     and alloc/ use and which uses no other folder;
#   * the directories of src/ include each other without a cycle (tsort).
# Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
pass=0; fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
ko() { fail=$((fail + 1)); echo "FAIL $1"; [ -n "${2:-}" ] && printf '%s\n' "$2" | head -10; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# 1. No .c file is included anywhere.
bad=$(grep -rn '#include "[^"]*\.c"' src tests bench 2>/dev/null)
[ -z "$bad" ] && ok "no file includes a .c file" || ko "a .c file is included" "$bad"

# 2. The engine and the shell include no front end.
bad=$(grep -rn '#include "\(cli\|repl\|tui\|lesson\|shell\)/' src/engine 2>/dev/null)
[ -z "$bad" ] && ok "src/engine includes no front end and no shell" || ko "src/engine includes a front end" "$bad"
bad=$(grep -rn '#include "\(cli\|repl\|tui\|lesson\)/' src/shell 2>/dev/null)
[ -z "$bad" ] && ok "src/shell includes no front end" || ko "src/shell includes a front end" "$bad"
bad=$(grep -rn '#include "\.\./' src tests bench 2>/dev/null)
[ -z "$bad" ] && ok "one include style: no \"../\" paths" || ko "an include climbs with ../" "$bad"

# 3. Layers of the engine, bottom to top, and the public headers' layers.
rank() { # folder -> number
    case $1 in
    ir | jit) echo 1 ;; analysis) echo 2 ;; frontend) echo 3 ;; exec) echo 4 ;; ssa) echo 5 ;;
    opt) echo 6 ;; alloc) echo 7 ;; backend) echo 8 ;; pipeline | asm) echo 9 ;; fuzz) echo 10 ;; *) echo 0 ;;
    esac
}
header_rank() { # minicc header -> number
    case $1 in
    ir.h | diag.h | util.h | interrupt.h | limits.h) echo 1 ;;
    cfg.h | verify.h) echo 2 ;; parse.h | minic.h) echo 3 ;; interp.h | outcome.h | run.h) echo 4 ;; ssa.h) echo 5 ;;
    opt.h) echo 6 ;; regalloc.h) echo 7 ;; cgen.h) echo 8 ;; pipeline.h | check.h | asm.h) echo 9 ;; gen.h | genc.h) echo 10 ;;
    *) echo 99 ;;
    esac
}
n=0; bad=""
for f in src/engine/*/*.c src/engine/*/*.h; do
    [ -f "$f" ] || continue
    dir=$(basename "$(dirname "$f")"); r=$(rank "$dir")
    [ "$r" = 0 ] && { bad="$bad
$f: folder '$dir' has no layer (add it to layers.sh and src/engine/README.md)"; continue; }
    for h in $(sed -n 's/^#include "minicc\/\([^"]*\)".*/\1/p' "$f"); do
        n=$((n + 1)); hr=$(header_rank "$h")
        [ "$hr" -le "$r" ] || bad="$bad
$f ($dir) includes minicc/$h (layer $hr above $r)"
    done
done
for f in include/minicc/*.h; do
    r=$(header_rank "$(basename "$f")")
    [ "$r" = 99 ] && { bad="$bad
$f has no layer (add it to layers.sh)"; continue; }
    for h in $(sed -n 's/^#include "\([^"/]*\.h\)".*/\1/p' "$f"); do
        n=$((n + 1)); hr=$(header_rank "$h")
        [ "$hr" -le "$r" ] || bad="$bad
$f includes $h (layer $hr above $r)"
    done
done
[ -z "$bad" ] && ok "engine includes point down the pipeline ($n includes)" || ko "an engine include points up" "$bad"

# 4. interp.h is included only by the executors' folder (exec/) and the
#    pipeline, which composes them.
bad=$(grep -l '#include "\(minicc/\)\{0,1\}interp\.h"' include/minicc/*.h src/engine/*/*.[ch] 2>/dev/null |
    grep -v '^include/minicc/pipeline\.h$\|^src/engine/exec/\|^src/engine/pipeline/')
[ -z "$bad" ] && ok "the stepping interpreter's API stays with exec/ and pipeline/" ||
    ko "interp.h included outside exec/ and pipeline/ (arguments and outcomes are in outcome.h)" "$bad"

# 5. Private headers stay in their folder; jit/ serves exec/ and alloc/ only.
bad=""
for f in src/engine/*/*.c src/engine/*/*.h; do
    dir=$(basename "$(dirname "$f")")
    for h in $(sed -n 's/^#include "engine\/\([^"]*\)".*/\1/p' "$f"); do
        hd=${h%%/*}
        [ "$hd" = "$dir" ] && continue
        [ "$hd" = jit ] && { [ "$dir" = exec ] || [ "$dir" = alloc ]; } && continue
        bad="$bad
$f ($dir) includes engine/$h"
    done
done
[ -z "$bad" ] && ok "private headers stay in their folder (jit/ serves exec/ and alloc/)" ||
    ko "a folder includes another folder's private header" "$bad"

# 6. fuzz/ (the random IR and MiniC programs, the reducer) depends on the IR,
#    the verifier, util.h and arguments and outcomes only: what it makes is
#    input to every stage, so it must not use any of them.
bad=""
for f in src/engine/fuzz/*.[ch] include/minicc/gen.h include/minicc/genc.h; do
    for h in $(sed -n 's/^#include "\(minicc\/\)\{0,1\}\([^"/]*\.h\)".*/\2/p' "$f"); do
        case $h in
        ir.h | util.h | verify.h | outcome.h | gen.h | genc.h | gen_c_int.h) ;;
        *) bad="$bad
$f includes $h" ;;
        esac
    done
done
[ -z "$bad" ] && ok "fuzz/ uses only ir.h, verify.h, util.h, outcome.h and its own headers" ||
    ko "fuzz/ includes a header outside its allowed dependencies" "$bad"

# 7. The directories of src/ form no cycle.
: >"$tmp/edges"
for f in $(find src -name '*.[ch]' | sort); do
    from=$(dirname "$f" | sed 's|^src/||; s|/.*||'); [ "$from" = src ] && from=main
    for to in $(sed -n 's/^#include "\(engine\|shell\|cli\|repl\|tui\|lesson\|minicc\)\/.*/\1/p' "$f" | sort -u); do
        [ "$to" = minicc ] && to=engine
        [ "$to" != "$from" ] && echo "$to $from" >>"$tmp/edges"
    done
done
sort -u "$tmp/edges" -o "$tmp/edges"
if tsort "$tmp/edges" >"$tmp/order" 2>"$tmp/err"; then
    ok "src/ directories in dependency order: $(tr '\n' ' ' <"$tmp/order")"
else
    ko "the include graph of src/ has a cycle" "$(cat "$tmp/err")"
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
