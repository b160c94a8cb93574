#!/bin/sh
# install.sh - `make install` into a staging directory (DESTDIR): the binary,
# share/minicc (examples, lessons) and the man page land under PREFIX, the
# installed binary runs, and the man page renders. Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
pass=0; fail=0; skip=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
san=""; [ "${BUILD:-build}" = build-asan ] && san="SANITIZE=1"
bin=${BUILD:-build}/minicc
# -o: install the binary the suite is testing; never relink it under the
# feet of other tests that are running it.
if [ ! -x "$bin" ]; then
    bad "no $bin to install (build first)"
elif make --no-print-directory $san -o "$bin" install DESTDIR="$tmp" PREFIX=/opt/minicc >"$tmp/log" 2>&1; then
    ok "make install DESTDIR=... PREFIX=/opt/minicc"
else
    bad "make install failed:"; tail -20 "$tmp/log"
fi
root="$tmp/opt/minicc"
[ -x "$root/bin/minicc" ] && ok "bin/minicc installed" || bad "bin/minicc missing"
[ -f "$root/share/man/man1/minicc.1" ] && ok "man page installed" || bad "share/man/man1/minicc.1 missing"
[ -f "$root/share/minicc/examples/swap.ir" ] && ok "examples installed" || bad "share/minicc/examples/swap.ir missing"
[ -d "$root/share/minicc/lessons" ] && ok "lessons installed" || bad "share/minicc/lessons missing"
if "$root/bin/minicc" --version 2>/dev/null | grep -q '^minicc '; then ok "installed minicc --version"; else bad "installed minicc --version"; fi
out=$("$root/bin/minicc" -c "load $root/share/minicc/examples/swap.ir; args 5; run" 2>&1)
case $out in *"return 21"*) ok "installed minicc runs swap.ir" ;; *) bad "installed minicc runs swap.ir: $out" ;; esac
if command -v man >/dev/null 2>&1; then
    if MANWIDTH=80 man -l "$root/share/man/man1/minicc.1" 2>/dev/null | grep -q 'minicc>'; then ok "man page renders"
    else bad "man -l minicc.1 does not render"; fi
else
    skip=$((skip + 1)); echo "skip man page renders (man is not installed)"
fi
echo "install: $pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
