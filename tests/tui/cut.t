Nothing is cut silently (issue 17, defect 5).

A status message longer than the room after the position gets a short
position (step, block, K); longer still, it takes the whole status bar
until the next key; longer than the screen, it shows its start and points
to the log, which has all of it.

  $ minicc --tui-script ':layout nosuchlayout<Enter>' --size 80x24 ../../share/minicc/examples/swap.ir 5 | tail -2
   layout: unknown layout 'nosuchlayout' (step, alloc, c, log, next, prev)
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys
  $ minicc --tui-script ':load /nonexistent/a/very/long/path/to/a/file/that/does/not/exist/anywhere.ir<Enter>' --size 80x24 ../../share/minicc/examples/swap.ir 5 | tail -8
  + log -------------------------------------------------------------------------+
  |: cannot read /nonexistent/a/very/long/path/to/a/file/that/does/not/exist/anyw|
  |here.ir: No such file or directory                                            |
  |error: '/nonexistent/a/very/long/path/to/a/file/that/does/not/exist/anywhere.i|
  |r' not loaded (1 error); still using ../../share/minicc/examples/swap.ir      |
  +------------------------------------------------------------------ ^ 4 above -+
   /nonexistent/a/very/long/path/to/a/file/that/does/not/exis ... (all in the log)
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

The next key gives the status bar its position back:

  $ minicc --tui-script ':layout nosuchlayout<Enter>n' --size 80x24 ../../share/minicc/examples/swap.ir 5 | tail -2 | head -1
   swap | stage input | step 1 | K=4 | running at head   ?:keys  ::command  q:quit

A pane that cannot show all its lines says how many are below (and above)
on its bottom border: at 80x24 the registers list loses its last line.

  $ minicc --tui-script 'l' --size 80x24 ../../share/minicc/examples/swap.ir 5 | sed -n '1,17p' | cut -c 48-
  ++ registers K=4 [destroyed] ---+
  ||n       -> slot0              |
  ||i0      -> r3  (= i)          |
  ||a       -> r1                 |
  ||b       -> r2                 |
  ||i       -> r3                 |
  ||i1      -> r3  (= i)          |
  ||c       -> r0                 |
  ||t       -> r0                 |
  ||r       -> r0                 |
  ||$cycle1 -> r0                 |
  ||4 of 4 registers used, 1 slot |
  ||last machine run (K=4):       |
  ||return 21                     |
  ||spill reads 6, writes 1       |
  ++------------------- v 1 more -+
  --------------------------------+
  $ minicc --tui-script 'l<Tab><PgDn>' --size 80x24 ../../share/minicc/examples/swap.ir 5 | sed -n '1,17p' | cut -c 48-
  ++ *registers K=4 [destroyed] --+
  ||i0      -> r3  (= i)          |
  ||a       -> r1                 |
  ||b       -> r2                 |
  ||i       -> r3                 |
  ||i1      -> r3  (= i)          |
  ||c       -> r0                 |
  ||t       -> r0                 |
  ||r       -> r0                 |
  ||$cycle1 -> r0                 |
  ||4 of 4 registers used, 1 slot |
  ||last machine run (K=4):       |
  ||return 21                     |
  ||spill reads 6, writes 1       |
  ||instructions 31, copies 17    |
  ++------------------ ^ 1 above -+
  --------------------------------+

A message that fits after the short position keeps it:

  $ minicc --tui-script ':break exit<Enter>c' --size 80x24 ../../share/minicc/examples/swap.ir 5 | tail -2 | head -1
   swap | stage input | step 12 | K=4 | running at exit   breakpoint: exit
  $ minicc --tui-script ':break exit<Enter>c' --size 60x24 ../../share/minicc/examples/swap.ir 5 | tail -2 | head -1
   step 12 at exit K=4   breakpoint: exit

The IR pane marks a line it cuts with `>` too (40 columns):

  $ minicc --tui-script 'nn' --size 40x12 ../../share/minicc/examples/swap.ir 3 | sed -n 3p
  | >   branch c, body>||* a  = 1   (new)|
