File names that look like options (issue 14): `dot cfg -O.png` once reached
Graphviz as its `-O` option, so minicc said "wrote -O.png" and wrote nothing
(or `-v`, `-T` ran Graphviz in another mode). Graphviz now reads the DOT text
on its standard input and draws on its standard output, so no file name is
ever on its command line. Without Graphviz the picture cases print what
they would have (as the other dot tests do).

  $ mkdir -p names && cd names && if command -v dot >/dev/null; then
  > minicc -c "load ../../../share/minicc/examples/swap.ir; dot cfg -O.png; dot cfg -v.png; dot cfg -T.png; dot cfg 'a b.png'; dot dom '-o x.svg'" | tail -5
  > for f in ./-O.png ./-v.png ./-T.png 'a b.png'; do printf '%s: ' "$f"; head -c 4 "$f" | tail -c 3; echo; done; grep -c '<svg' ./'-o x.svg'
  > else printf 'wrote %s\n' -O.png -v.png -T.png 'a b.png' '-o x.svg'; printf '%s: PNG\n' ./-O.png ./-v.png ./-T.png 'a b.png'; echo 1; fi
  wrote -O.png
  wrote -v.png
  wrote -T.png
  wrote a b.png
  wrote -o x.svg
  ./-O.png: PNG
  ./-v.png: PNG
  ./-T.png: PNG
  a b.png: PNG
  1

DOT text and C go to such names too (they never reached a program, but
check anyway), and nothing else appears in the directory:

  $ cd names && minicc -c "load ../../../share/minicc/examples/swap.ir; dot cfg -v.dot; emit -O.c; emit '--help me.c'" | tail -3; head -1 ./-v.dot; grep -c 'swap' ./-O.c ./'--help me.c'
  wrote -v.dot
  wrote C for swap (from ssa) to -O.c
  wrote C for swap (from ssa) to --help me.c
  digraph "swap" {
  ./-O.c:1
  ./--help me.c:1

  $ cd names && ls -A | LC_ALL=C sort; cd .. && rm -rf names
  --help me.c
  -O.c
  -O.png
  -T.png
  -o x.svg
  -v.dot
  -v.png
  a b.png

When Graphviz fails, the picture is not written and an old one stays (a
stand-in `dot` that fails):

  $ mkdir -p fakebin && printf '#!/bin/sh\necho "dot: broken" >&2\nexit 3\n' >fakebin/dot && chmod +x fakebin/dot && echo old > -O.png
  $ PATH=$PWD/fakebin:$PATH minicc -c 'load ../../share/minicc/examples/swap.ir; dot cfg -O.png' 2>&1 | tail -2; cat ./-O.png; rm -rf fakebin ./-O.png
  dot: broken
  -c:2: error: dot: Graphviz failed to draw -O.png (status 3)
  old
