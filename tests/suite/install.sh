#!/bin/sh
# install.sh - `make install`: the binary, share/minicc (examples, lessons)
# and the man page land under PREFIX; the installed binary runs, finds its
# lessons by name from any directory (the share directory is compiled in),
# and the man page renders. Installing under another PREFIX rebuilds exactly
# what depends on it. Prints "N passed, N failed, N skipped".
#
# It works on a copy of the suite's build directory (timestamps kept), so the
# binary the other tests are running is never relinked under their feet.
set -u
cd "$(dirname "$0")/../.."
top=$(pwd)
pass=0; fail=0; skip=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
san=""; [ "${BUILD:-build}" = build-asan ] && san="SANITIZE=1"
build=${BUILD:-build}
if [ ! -x "$build/minicc" ]; then
    bad "no $build/minicc to install (build first)"
    echo "install: $pass passed, $fail failed, $skip skipped"; exit 1
fi
mkdir -p "$tmp/b"
cp -Rp "$build/obj" "$build/gen" "$build"/*.a "$build/minicc" "$tmp/b/" 2>/dev/null
# install PREFIX: the compiled-in share directory changes, so exactly the one
# object that includes it is rebuilt (and the libraries and binary relinked).
inst() { # prefix, log
    make --no-print-directory $san BUILD="$tmp/b" install PREFIX="$1" >"$2" 2>&1
}
p1="$tmp/opt one/minicc"  # a blank in the prefix, too
if inst "$p1" "$tmp/log1"; then ok "make install PREFIX='.../opt one/minicc'"; else bad "make install failed:"; tail -20 "$tmp/log1"; fi
n=$(grep -c -- ' -c src/' "$tmp/log1")
[ "$n" = 1 ] && ok "a new PREFIX recompiles 1 file" || { bad "a new PREFIX recompiled $n files, not 1:"; grep -- ' -c src/' "$tmp/log1" | sed 's/.* -c //'; }
inst "$p1" "$tmp/log1b"
n=$(grep -c -- ' -c src/' "$tmp/log1b")
[ "$n" = 0 ] && ok "the same PREFIX again recompiles nothing" || bad "the same PREFIX again recompiled $n files"
root=$p1
[ -x "$root/bin/minicc" ] && ok "bin/minicc installed" || bad "bin/minicc missing"
[ -f "$root/share/man/man1/minicc.1" ] && ok "man page installed" || bad "share/man/man1/minicc.1 missing"
[ -f "$root/share/man/man5/minicc-ir.5" ] && ok "minicc-ir(5) installed" || bad "share/man/man5/minicc-ir.5 missing"
[ -f "$root/share/minicc/examples/swap.ir" ] && ok "examples installed" || bad "share/minicc/examples/swap.ir missing"
[ -d "$root/share/minicc/lessons" ] && ok "lessons installed" || bad "share/minicc/lessons missing"
if "$root/bin/minicc" --version 2>/dev/null | grep -q '^minicc '; then ok "installed minicc --version"; else bad "installed minicc --version"; fi
out=$("$root/bin/minicc" -c "load '$root/share/minicc/examples/swap.ir'; args 5; run" 2>&1)
case $out in *"return 21"*) ok "installed minicc runs swap.ir" ;; *) bad "installed minicc runs swap.ir: $out" ;; esac

# Lessons by name, from a directory with no lessons of its own.
mkdir -p "$tmp/elsewhere"; cd "$tmp/elsewhere"
out=$("$root/bin/minicc" lesson --list 2>&1)
case $out in *"$root/share/minicc/lessons:"*"02-phis-are-simultaneous"*"Phis are simultaneous"*) ok "lesson --list shows the installed lessons" ;;
    *) bad "lesson --list: $out" ;; esac
out=$("$root/bin/minicc" lesson --check phis 2>&1)
case $out in *"phis: ok"*) ok "an installed lesson found by name passes --check (its programs resolve next to it)" ;;
    *) bad "lesson --check phis: $out" ;; esac
if "$root/bin/minicc" lesson --export md -o student.md 2 && "$root/bin/minicc" lesson --export md --teacher -o teacher.md 2 \
    && grep -q 'Your answer:' student.md && ! grep -q 'Answer' student.md && grep -q '\*\*Answer (a number):\*\* 21' teacher.md; then
    ok "handouts (student and teacher) from another directory"
else bad "lesson --export md from another directory"; fi
# A lesson of the user's own in $XDG_DATA_HOME comes before the installed one.
mkdir -p "$tmp/xdg/minicc/lessons"
printf '== Mine\n$ help quit\n' > "$tmp/xdg/minicc/lessons/02-phis-are-simultaneous.lesson"
out=$(XDG_DATA_HOME="$tmp/xdg" "$root/bin/minicc" lesson --list 2>&1)
case $out in *"Mine"*"(hidden by an earlier directory)"*) ok "\$XDG_DATA_HOME/minicc/lessons is searched before the share directory" ;;
    *) bad "XDG lesson: $out" ;; esac
cd "$top"

p2="$tmp/p2"
inst "$p2" "$tmp/log2"
n=$(grep -c -- ' -c src/' "$tmp/log2")
out=$(cd "$tmp/elsewhere" && "$p2/bin/minicc" lesson --list 2>&1)
case $n:$out in 1:*"$p2/share/minicc/lessons:"*) ok "installed again under another PREFIX: 1 file rebuilt, lessons found there" ;;
    *) bad "second PREFIX ($n files rebuilt): $out" ;; esac
if command -v man >/dev/null 2>&1; then
    if MANWIDTH=80 man -l "$root/share/man/man1/minicc.1" 2>/dev/null | grep -q 'minicc>'; then ok "man page renders"
    else bad "man -l minicc.1 does not render"; fi
    if MANWIDTH=80 man -l "$root/share/man/man5/minicc-ir.5" 2>/dev/null | grep -q 'branch c, T, F'; then ok "minicc-ir(5) renders"
    else bad "man -l minicc-ir.5 does not render"; fi
else
    skip=$((skip + 2)); echo "skip man pages render (man is not installed)"
fi
echo "install: $pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
