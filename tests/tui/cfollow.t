Issue 29 §5: the generated C pane follows execution. The lines of the
block being run are tinted (role `k`, the current block, in the attribute
layer), the title names the block, and the pane scrolls to it when
execution enters another block. At 80x24 and at 200x60.

  $ for s in 80x24 200x60; do minicc --tui-script 'nnn:layout c<Enter>' --size $s ../../share/minicc/examples/swap.ir 3 > out.txt; grep -o 'C (from ssa) at [a-z]*' out.txt; grep -c 'L1:; /\* head \*/' out.txt; done
  C (from ssa) at head
  1
  C (from ssa) at head
  1

Into the body: its comment line is in view, and the tinted lines are the
body's (from its comment to the `goto` back to head).

  $ minicc --tui-script ':layout c<Enter>nnnn' --size 80x24 ../../share/minicc/examples/swap.ir 3 > out.txt; grep -o 'C (from ssa) at [a-z]*' out.txt
  C (from ssa) at body
  $ minicc --tui-script ':layout c<Enter>nnnn' --attrs --size 80x24 ../../share/minicc/examples/swap.ir 3 > attrs.txt
  $ sed -n '1,24p' attrs.txt | grep -n 'block body' | cut -d: -f1 > row
  $ sed '1,/^--$/d' attrs.txt | sed -n "$(cat row)p" | cut -c36-60
  fbkkkkkkkkkkkkkkkkkkkk...
  $ sed -n '1,24p' attrs.txt | grep -c 'goto L1;'
  1

At the end the exit block is tinted; with nothing running, nothing is.

  $ minicc --tui-script ':layout c<Enter>c' --size 80x24 ../../share/minicc/examples/swap.ir 3 | grep -o 'C (from ssa)[a-z ]*'
  C (from ssa) at exit 
  $ minicc --tui-script ':layout c<Enter>' --attrs --size 80x24 ../../share/minicc/examples/swap.ir 3 | sed '1,/^--$/d' | grep -c k
  0
  [1]
  $ rm -f out.txt attrs.txt row
