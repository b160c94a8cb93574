#!/bin/sh
# install.sh - `make install`: the binary, share/minicc (examples, lessons)
# and the man page land under PREFIX; the installed binary runs, finds its
# lessons by name from any directory (its lesson directory is compiled in),
# and the man page renders. Installing under a PREFIX recompiles exactly the
# one object that depends on it and links the installed binary apart: the
# in-tree binary is never relinked with a prefix (issue 26), and still finds
# the tree's lessons. Prints "N passed, N failed, N skipped".
#
# What make did is judged by the files (which objects are newer than a
# stamp, whether the in-tree binary changed), never by make's own output,
# which -s or MAKEFLAGS silence (`make -s check` failed here).
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
cp -p "$tmp/b/minicc" "$tmp/intree.before"
# inst PREFIX LOG: make install; `touch` first leaves a stamp older than
# anything make writes.
inst() {
    touch "$tmp/stamp"; sleep 1
    make --no-print-directory $san BUILD="$tmp/b" install PREFIX="$1" >"$2" 2>&1
}
# rebuilt: the objects newer than the stamp, as paths under the build directory.
rebuilt() { (cd "$tmp/b" && find . -name '*.o' -newer "$tmp/stamp" | sed 's|^\./||' | LC_ALL=C sort | tr '\n' ' '); }
p1="$tmp/opt one/minicc"  # a blank in the prefix, too
if inst "$p1" "$tmp/log1"; then ok "make install PREFIX='.../opt one/minicc'"; else bad "make install failed:"; tail -20 "$tmp/log1"; fi
n=$(rebuilt)
[ "$n" = "install/obj/lesson_find.o " ] && ok "a new PREFIX recompiles 1 file (install/obj/lesson_find.o)" || bad "a new PREFIX recompiled: '$n', not install/obj/lesson_find.o"
if cmp -s "$tmp/b/minicc" "$tmp/intree.before" && [ ! "$tmp/b/minicc" -nt "$tmp/stamp" ]; then ok "the in-tree minicc is not relinked by make install"
else bad "make install PREFIX=... relinked the in-tree minicc"; fi
inst "$p1" "$tmp/log1b"
n=$(rebuilt)
[ -z "$n" ] && [ ! "$tmp/b/install/minicc" -nt "$tmp/stamp" ] && ok "the same PREFIX again recompiles and relinks nothing" \
    || bad "the same PREFIX again recompiled '$n' (or relinked install/minicc)"
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
n=$(rebuilt)
out=$(cd "$tmp/elsewhere" && "$p2/bin/minicc" lesson --list 2>&1)
case $n:$out in "install/obj/lesson_find.o :"*"$p2/share/minicc/lessons:"*) ok "installed again under another PREFIX: 1 file rebuilt, lessons found there" ;;
    *) bad "second PREFIX (rebuilt: '$n'): $out" ;; esac
# The in-tree binary, still itself, finds the tree's lessons from anywhere.
cmp -s "$tmp/b/minicc" "$tmp/intree.before" && ok "after two installs the in-tree minicc is unchanged" || bad "the in-tree minicc changed"
out=$(cd "$tmp/elsewhere" && "$tmp/b/minicc" lesson --list 2>&1)
case $out in *"$top/lessons:"*"02-phis-are-simultaneous"*) ok "the in-tree minicc lists the tree's lessons from another directory" ;;
    *) bad "in-tree lesson --list: $out" ;; esac
case $out in *"/share/minicc/lessons"*) bad "the in-tree minicc searches an installed share directory: $out" ;; *) ok "the in-tree minicc searches no installed share directory" ;; esac
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
