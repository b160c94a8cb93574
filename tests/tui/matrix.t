The prompt's `interference` and the workbench's interference pane draw the
adjacency matrix with one renderer (src/shell/picture.c, issue 17 defect
5): numbered columns, numbered rows with the value (`n!`: spilled) and its
location, `x` where two values interfere. Where the pane is wide enough for
3-column cells, the two are the same text.

  $ minicc -c 'interference' ../../share/minicc/examples/swap.ir | sed -n '/^adjacency/,/^colouring/p' | sed '1d;$d' > prompt.txt
  $ cat prompt.txt
                     1  2  3  4  5  6  7  8  9 10
   1 n!      slot0   \  x  x  x  x  x  x  .  .  x
   2 i0      r3      x  \  x  x  .  .  .  .  .  .
   3 a       r1      x  x  \  x  x  x  x  .  .  x
   4 b       r2      x  x  x  \  x  x  x  x  .  x
   5 i       r3      x  .  x  x  \  .  x  .  .  x
   6 i1      r3      x  .  x  x  .  \  .  .  .  .
   7 c       r0      x  .  x  x  x  .  \  .  .  .
   8 t       r0      .  .  .  x  .  .  .  \  .  .
   9 r       r0      .  .  .  .  .  .  .  .  \  .
  10 $cycle1 r0      x  .  x  x  x  .  .  .  .  \
  $ minicc --tui-script 'l' --size 200x60 ../../share/minicc/examples/swap.ir 5 | sed -n '4,14p' | cut -c 52-140 | sed 's/ *|.*//' > pane.txt
  $ diff prompt.txt pane.txt && echo same
  same
  $ rm -f prompt.txt pane.txt

At 80 columns the pane has 2-column cells: column 10 is written downwards
(1 above 0).

  $ minicc --tui-script 'l' --size 80x24 ../../share/minicc/examples/swap.ir 5 | sed -n '4,6p'
  |                                    1         ||a       -> r1                 |
  |                  1 2 3 4 5 6 7 8 9 0         ||b       -> r2                 |
  | 1 n!      slot0  \ x x x x x x . . x         ||i       -> r3                 |
