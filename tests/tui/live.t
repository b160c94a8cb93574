Issue 29: the workbench in front of a class. Each item at 80x24 and at
200x60.

`q` with the help open closes the help, as its title ("any other key
closes") says, and does not quit: the `n` after it still runs (step 1), and the
help is gone from the screen.

  $ for s in 80x24 200x60; do minicc --tui-script '?qn' --size $s ../../share/minicc/examples/swap.ir 3 > "$CRAMTMP/out"; grep -c "key closes" "$CRAMTMP/out"; tail -2 "$CRAMTMP/out" | head -1 | cut -c1-50; done
  0
   swap | stage input | step 1 | K=4 | running at he
  0
   swap | stage input | step 1 | K=4 | running at he

The key help is never cut: at 80x24 it pages (Space turns the page, PgUp
turns back, any other key closes it), at 200x60 it fits on one page
(there Space closes it). Every
line of the help is on a page: the last one (`q quit`) too.

  $ for s in 80x24 200x60; do for k in '?' '?<Space>' '?<Space><PgUp>'; do minicc --tui-script "$k" --size $s ../../share/minicc/examples/swap.ir 3 | grep -o 'keys[ 0-9/]*([^)]*)\|  q       quit' | tr '\n' ' '; echo; done; done
  keys 1/2 (Space: next page, any other key closes) 
  keys 2/2 (PgUp: back, any other key closes)   q       quit 
  keys 1/2 (Space: next page, any other key closes) 
  keys (any key closes)   q       quit 
  
  

At 80 columns the status bar and the key hints are never cut in the middle
of a word: the status message loses whole words and says `...`, the key
hints leave out whole hints (`Tab focus` for a MiniC program, which needs
`s line`) and always end with `? keys`. At 200 columns everything fits.

  $ for s in 80x24 200x60; do minicc --tui-script 'n' --size $s ../../share/minicc/examples/bubble.c '[3,1,2]' 3 | tail -2; done
   bubble | stage input | step 1 | K=4 | running at for.L19   ?:keys  ::command...
  s line n block i inst c cont b back r restart +/- K l layout : cmd ? keys
   bubble | stage input | step 1 | K=4 | running at for.L19   ?:keys  ::command  q:quit
  s line n block i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

Buffer elements the step now shown stored to are marked `*` and
highlighted, like changed values, and the buffer's line starts with `*`
(it reads under NO_COLOR): bubble on [3,1,2] stopped after the swap block
shows a[0] and a[1] written; the next step stores nothing and marks none.

  $ for s in 80x24 200x60; do for k in '' n; do minicc --tui-script ":break end.L22<Enter>c$k:focus values<Enter>z" --size $s ../../share/minicc/examples/bubble.c '[3,1,2]' 3 | grep -o '. a = \[.*\]'; done; done
  * a = [*1, *3, 2]
    a = [1, 3, 2]
  * a = [*1, *3, 2]
    a = [1, 3, 2]

"Just executed" beside "next" (Python Tutor's two arrows): the IR lines
the step now shown ran are marked ` >` in the IR pane, `=>` stays on the
next one. After entering head (`nnn`) and one instruction (`i`), the phis
that just ran are marked; the `n` after that runs the rest of head, and
its comparison and branch are marked. A restart marks nothing.

  $ for s in 80x24 200x60; do for k in nnni nnnin nnnir; do echo "$k:"; minicc --tui-script "$k" --size $s ../../share/minicc/examples/swap.ir 5 | cut -d'|' -f2 | grep -E '^[ =][> ] .*(phi|lt i|branch c|i1 = add|head:|body:)' | sed 's/ *$//'; done; done
  nnni:
     head:
   >   a = phi [entry: 1], [body: b]
   >   b = phi [entry: 2], [body: a]
   >   i = phi [entry: i0], [body: i1]
  =>   c = lt i, n
       branch c, body, exit
     body:
       i1 = add i, 1
  nnnin:
     head:
       a = phi [entry: 1], [body: b]
       b = phi [entry: 2], [body: a]
       i = phi [entry: i0], [body: i1]
   >   c = lt i, n
   >   branch c, body, exit
  => body:
       i1 = add i, 1
  nnnir:
     head:
       a = phi [entry: 1], [body: b]
       b = phi [entry: 2], [body: a]
       i = phi [entry: i0], [body: i1]
       c = lt i, n
       branch c, body, exit
     body:
       i1 = add i, 1
  nnni:
     head:
   >   a = phi [entry: 1], [body: b]
   >   b = phi [entry: 2], [body: a]
   >   i = phi [entry: i0], [body: i1]
  =>   c = lt i, n
       branch c, body, exit
     body:
       i1 = add i, 1
  nnnin:
     head:
       a = phi [entry: 1], [body: b]
       b = phi [entry: 2], [body: a]
       i = phi [entry: i0], [body: i1]
   >   c = lt i, n
   >   branch c, body, exit
  => body:
       i1 = add i, 1
  nnnir:
     head:
       a = phi [entry: 1], [body: b]
       b = phi [entry: 2], [body: a]
       i = phi [entry: i0], [body: i1]
       c = lt i, n
       branch c, body, exit
     body:
       i1 = add i, 1

The C source pane opens on the function, not the file's header comment
(at 80x24 its first row is the function's line 17; at 200x60 the whole
file fits), marks a cut line with `>` like the IR pane, and scrolls
sideways with Left and Right (`<` where a line's start is scrolled away).

  $ for s in 80x24 200x60; do minicc --tui-script '' --size $s ../../share/minicc/examples/bubble.c '[3,1,2]' 3 | sed -n 2p | cut -d'|' -f2 | sed 's/ *$//'; done
      17 int bubble(int a[], int n) {
       1 // bubble.c - bubble sort of a buffer in place.
  $ for s in 80x24 200x60; do minicc --tui-script '' --size $s ../../share/minicc/examples/bubble.c '[3,1,2]' 3 | cut -d'|' -f2 | grep -c '>$'; done
  4
  0
  [1]
  $ minicc --tui-script ':focus source<Enter><Right><Right>' --size 80x24 ../../share/minicc/examples/bubble.c '[3,1,2]' 3 | sed -n 2,4p | cut -d'|' -f2
      17 <], int n) {                   
      18 <;                             
      19 <0; i < n; i++) {              
