Breakpoints in the workbench stop where the minicc> prompt stops, with the
prompt's words. `c` is the prompt's `run` when nothing is running yet (so a
breakpoint on the entry block stops it before anything executes, as gdb
does) and the prompt's `continue` otherwise (it first leaves the position it
stands at, so it never stops where it already is). The stop is logged as the
prompt prints it (`breakpoint: BLOCK` and the position), and the status bar
says `breakpoint: BLOCK`.

swap(3) enters entry (1), head (2), body (3), head (4), body (5), head (6),
body (7), head (8), exit (9) and returns 10 * 2 + 1 = 21.

A breakpoint on the entry block, before the first step. The prompt's `run`:

  $ minicc -c 'load ../../share/minicc/examples/swap.ir; args 3; break entry; run'
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  args: 3
  breakpoint at entry
  breakpoint: entry
  at the start: about to enter entry

The workbench's `c` stops at the same place: nothing has run (step 0), `=>`
marks the entry block (which also carries the breakpoint `*`), only the
parameter n has a value.

  $ minicc --tui-script ':break entry<Enter>c' ../../share/minicc/examples/swap.ir 3
  + *IR swap [input] ------------------------++ values --------------------------+
  |=>*entry:                                 ||  n  = 3                          |
  |     i0 = copy 0                          ||                                  |
  |     jump head                            ||                                  |
  |   head:                                  ||                                  |
  |     a = phi [entry: 1], [body: b]        ||                                  |
  |     b = phi [entry: 2], [body: a]        |+----------------------------------+
  |     i = phi [entry: i0], [body: i1]      |+ edge ----------------------------+
  |     c = lt i, n                          ||no edge with phis taken yet       |
  |     branch c, body, exit                 ||step (n) into a block with phis:  |
  |   body:                                  ||its phis read all, then write all |
  |     i1 = add i, 1                        ||                                  |
  |     jump head                            ||                                  |
  |   exit:                                  ||                                  |
  |     t = mul a, 10                        ||                                  |
  +------------------------------- v 2 more -++----------------------------------+
  + log -------------------------------------------------------------------------+
  |minicc> break entry                                                           |
  |breakpoint at entry                                                           |
  |breakpoint: entry                                                             |
  |at the start: about to enter entry                                            |
  +------------------------------------------------------------------ ^ 1 above -+
   swap | stage input | step 0 | K=4 | running at entry   breakpoint: entry
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

The next `c` leaves the entry block and, with no other breakpoint, runs to
the end, as the prompt's `continue` does. Another `c` (or Enter, which
repeats it) only says that the program has finished, like `n`.

  $ minicc -c 'load ../../share/minicc/examples/swap.ir; args 3; break entry; run; continue; continue' | tail -2
  return 21
  finished after 9 blocks: return 21

  $ minicc --tui-script ':break entry<Enter>cc' ../../share/minicc/examples/swap.ir 3 | tail -5
  |[9] exit <- head                                                              |
  |return 21 (after 9 blocks)                                                    |
  +------------------------------------------------------------------ ^ 3 above -+
   swap | stage input | step 9 | K=4 | returned   return 21 (after 9 blocks)
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

  $ minicc --tui-script ':break entry<Enter>cc<Enter>' ../../share/minicc/examples/swap.ir 3 | tail -2
   swap | stage input | step 9 | K=4 | returned   finished: return 21 (r restarts)
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

After `r` (the prompt's `start`) the interpreter stands before the entry
block, and `continue` leaves it: the entry breakpoint does not stop it.

  $ minicc -c 'load ../../share/minicc/examples/swap.ir; args 3; break entry; start; continue' | tail -3
  started swap (input) with args 3
  at the start: about to enter entry
  return 21

  $ minicc --tui-script ':break entry<Enter>r' ../../share/minicc/examples/swap.ir 3 | sed -n '2p;23p'
  |=>*entry:                                 ||  n  = 3                          |
   step 0 at entry K=4   restarted: about to enter entry
  $ minicc --tui-script ':break entry<Enter>rc' ../../share/minicc/examples/swap.ir 3 | tail -2
   swap | stage input | step 9 | K=4 | returned   return 21 (after 9 blocks)
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

A breakpoint on a loop header: the first stop is before head is entered
from entry (step 1); the next `c` leaves head (it does not stop at once
where it stands) and stops before head is entered again, through the phi
edge body -> head (step 3), and so on every second block.

  $ minicc -c 'load ../../share/minicc/examples/swap.ir; args 3; break head; run; continue; continue; continue; continue' | tail -9
  breakpoint: head
  after 1 block: about to enter head from entry
  breakpoint: head
  after 3 blocks: about to enter head from body
  breakpoint: head
  after 5 blocks: about to enter head from body
  breakpoint: head
  after 7 blocks: about to enter head from body
  return 21

  $ minicc --tui-script ':break head<Enter>c' ../../share/minicc/examples/swap.ir 3 | tail -6
  |[1] entry                                                                     |
  |breakpoint: head                                                              |
  |after 1 block: about to enter head from entry                                 |
  +------------------------------------------------------------------ ^ 2 above -+
   swap | stage input | step 1 | K=4 | running at head   breakpoint: head
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys
  $ minicc --tui-script ':break head<Enter>c<Enter><Enter><Enter>' ../../share/minicc/examples/swap.ir 3 | tail -7
  |after 5 blocks: about to enter head from body                                 |
  |[7] body <- head                                                              |
  |breakpoint: head                                                              |
  |after 7 blocks: about to enter head from body                                 |
  +----------------------------------------------------------------- ^ 11 above -+
   swap | stage input | step 7 | K=4 | running at head   breakpoint: head
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys
  $ minicc --tui-script ':break head<Enter>c<Enter><Enter><Enter><Enter>' ../../share/minicc/examples/swap.ir 3 | tail -4
  |return 21 (after 9 blocks)                                                    |
  +----------------------------------------------------------------- ^ 13 above -+
   swap | stage input | step 9 | K=4 | returned   return 21 (after 9 blocks)
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

The second stop, on screen: `=>` on head, which the phis of body -> head
have not yet been run for; the edge pane still shows the last edge with phis
that was taken (entry -> head, step 2) and says the edge since (head -> body)
had none.

  $ minicc --tui-script ':break head<Enter>cc' ../../share/minicc/examples/swap.ir 3
  + *IR swap [input] ------------------------++ values --------------------------+
  |   entry:                                 ||  n  = 3                          |
  |     i0 = copy 0                          ||  a  = 1                          |
  |     jump head                            ||  b  = 2                          |
  |=>*head:                                  ||* i1 = 1   (new)                  |
  |     a = phi [entry: 1], [body: b]        ||not live: i0=0 i=0 c=1            |
  |     b = phi [entry: 2], [body: a]        |+----------------------------------+
  |     i = phi [entry: i0], [body: i1]      |+ edge head <- entry --------------+
  |     c = lt i, n                          ||last edge body <- head has no phis|
  |     branch c, body, exit                 ||head <- entry   step 2            |
  |   body:                                  ||(a, b, i) := (1, 2, i0)           |
  | >   i1 = add i, 1                        ||1. read all        2. write all   |
  | >   jump head                            ||   a reads 1  = 1  a: - -> 1      |
  |   exit:                                  ||   b reads 2  = 2  b: - -> 2      |
  |     t = mul a, 10                        ||   i reads i0 = 0  i: - -> 0      |
  +------------------------------- v 2 more -++----------------------------------+
  + log -------------------------------------------------------------------------+
  |after 1 block: about to enter head from entry                                 |
  |[3] body <- head                                                              |
  |breakpoint: head                                                              |
  |after 3 blocks: about to enter head from body                                 |
  +------------------------------------------------------------------ ^ 5 above -+
   swap | stage input | step 3 | K=4 | running at head   breakpoint: head
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

Standing inside the block with the breakpoint: after one step and one
instruction the interpreter is in head (its phis done, `c = lt i, n` next);
`continue` runs on and stops at the next entry into head, not where it is.

  $ minicc -c 'load ../../share/minicc/examples/swap.ir; args 3; break head; start; step; stepi; where; continue' | tail -3
  in head (step 2), next: c = lt i, n
  breakpoint: head
  after 3 blocks: about to enter head from body

  $ minicc --tui-script ':break head<Enter>nic' ../../share/minicc/examples/swap.ir 3 | tail -6
  |[3] body <- head                                                              |
  |breakpoint: head                                                              |
  |after 3 blocks: about to enter head from body                                 |
  +------------------------------------------------------------------ ^ 4 above -+
   swap | stage input | step 3 | K=4 | running at head   breakpoint: head
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

The same after `n` alone, which stands before head (about to enter it from
entry): `c` enters head and stops at the next entry.

  $ minicc --tui-script ':break head<Enter>nc' ../../share/minicc/examples/swap.ir 3 | tail -7
  |[1] entry                                                                     |
  |[3] body <- head                                                              |
  |breakpoint: head                                                              |
  |after 3 blocks: about to enter head from body                                 |
  +------------------------------------------------------------------ ^ 3 above -+
   swap | stage input | step 3 | K=4 | running at head   breakpoint: head
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

A breakpoint reached through a phi edge that is a self-loop: after -O1,
lost_copy's loop branches back to itself (the critical edge loop -> loop,
whose phi x.2 takes y). lost_copy(4): x.2 = 1, 2, 3, returns 3 after the
blocks entry, loop, loop, loop, exit.

  $ minicc -c 'load ../ssa/lost_copy.ir; args 4; set stage opt; break loop; run; continue; continue; continue' | tail -7
  breakpoint: loop
  after 1 block: about to enter loop from entry
  breakpoint: loop
  after 2 blocks: about to enter loop from loop
  breakpoint: loop
  after 3 blocks: about to enter loop from loop
  return 3

In the workbench: stop before loop (step 1), enter it and run one
instruction (`i i`: the phi, then y = add x.2, 1), then `c` leaves loop and
stops at the loop -> loop edge (step 2); the next `c` runs that edge's phi
(x.2: 1 -> 2, shown in the edge pane) and stops at step 3.

  $ minicc --tui-script ':set stage opt<Enter>:break loop<Enter>ciic' ../ssa/lost_copy.ir 4 | tail -5
  |breakpoint: loop                                                              |
  |after 2 blocks: about to enter loop from loop                                 |
  +------------------------------------------------------------------ ^ 7 above -+
   lost_copy | stage opt | step 2 | K=4 | running at loop   breakpoint: loop
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

  $ minicc --tui-script ':set stage opt<Enter>:break loop<Enter>ciicc' ../ssa/lost_copy.ir 4
  + *IR lost_copy [opt] ---------------------++ values --------------------------+
  |   entry:                                 ||  n   = 4                         |
  |     jump loop                            ||* y   = 3   (was 2)               |
  |=>*loop:                                  ||* x.2 = 2   (was 1)               |
  | >   x.2 = phi [entry: 1], [loop: y]      ||not live: c=1                     |
  | >   y = add x.2, 1                       ||                                  |
  | >   c = lt y, n                          ||                                  |
  | >   branch c, loop, exit                 ||                                  |
  |   exit:                                  |+----------------------------------+
  |     return x.2                           |+ edge loop <- loop ---------------+
  |                                          ||loop <- loop   step 3             |
  |                                          ||(x.2) := (y)                      |
  |                                          ||1. read all         2. write all  |
  |                                          ||   x.2 reads y = 2  x.2: 1 -> 2   |
  |                                          ||                                  |
  +------------------------------------------++----------------------------------+
  + log -------------------------------------------------------------------------+
  |after 2 blocks: about to enter loop from loop                                 |
  |[3] loop <- loop                                                              |
  |breakpoint: loop                                                              |
  |after 3 blocks: about to enter loop from loop                                 |
  +----------------------------------------------------------------- ^ 10 above -+
   lost_copy | stage opt | step 3 | K=4 | running at loop   breakpoint: loop
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

After phi destruction the loop -> loop edge gets its own block, $edge1,
holding the copy x.2 = copy y; a breakpoint there stops before each trip
around the back edge (blocks entry, loop, $edge1, loop, $edge1, loop, exit).

  $ minicc -c 'load ../ssa/lost_copy.ir; args 4; opt; set stage destroyed; break $edge1; run; continue; continue' | tail -5
  breakpoint: $edge1
  after 2 blocks: about to enter $edge1 from loop
  breakpoint: $edge1
  after 4 blocks: about to enter $edge1 from loop
  return 3

  $ minicc --tui-script ':opt<Enter>:set stage destroyed<Enter>:break $edge1<Enter>cc' ../ssa/lost_copy.ir 4
  + *IR lost_copy [destroyed] ---------------++ values --------------------------+
  |   entry:                                 ||  n   = 4                         |
  |  +  x.2 = copy 1                         ||* y   = 3   (was 2)               |
  |     jump loop                            ||  x.2 = 2                         |
  |   loop:                                  ||not live: c=1                     |
  | >   y = add x.2, 1                       ||                                  |
  | >   c = lt y, n                          |+----------------------------------+
  | >   branch c, $edge1, exit               |+ edge ----------------------------+
  |   exit:                                  ||this function has no phis         |
  |     return x.2                           ||phi destruction made them copies  |
  |=>*$edge1:                                ||(marked + in the listing)         |
  |  +  x.2 = copy y                         ||                                  |
  |     jump loop                            ||                                  |
  |                                          ||                                  |
  |                                          ||                                  |
  +------------------------------------------++----------------------------------+
  + log -------------------------------------------------------------------------+
  |after 2 blocks: about to enter $edge1 from loop                               |
  |[4] loop <- $edge1                                                            |
  |breakpoint: $edge1                                                            |
  |after 4 blocks: about to enter $edge1 from loop                               |
  +------------------------------------------------------------------ ^ 9 above -+
   step 4 at $edge1 K=4   breakpoint: $edge1
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

The prompt's `run` typed at the workbench's command line stops at the
entry breakpoint too, the IR pane shows it, and the status bar says so as
it does for `c`.

  $ minicc --tui-script ':break entry<Enter>:run<Enter>' ../../share/minicc/examples/swap.ir 3 | sed -n '2p;19,24p'
  |=>*entry:                                 ||  n  = 3                          |
  |minicc> run                                                                   |
  |breakpoint: entry                                                             |
  |at the start: about to enter entry                                            |
  +------------------------------------------------------------------ ^ 2 above -+
   swap | stage input | step 0 | K=4 | running at entry   breakpoint: entry
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

So does `continue` typed there, once per stop; with two on one line the
status bar names the last stop (step 5, the second time at head).

  $ minicc --tui-script ':break head<Enter>:run<Enter>:continue<Enter>' ../../share/minicc/examples/swap.ir 3 | sed -n '23p'
   swap | stage input | step 3 | K=4 | running at head   breakpoint: head

  $ minicc --tui-script ':break head<Enter>:run<Enter>:continue; continue<Enter>' ../../share/minicc/examples/swap.ir 3 | sed -n '23p'
   swap | stage input | step 5 | K=4 | running at head   breakpoint: head

A command that does not stop at a breakpoint leaves the status bar alone.

  $ minicc --tui-script ':break head<Enter>:run<Enter>:break<Enter>' ../../share/minicc/examples/swap.ir 3 | sed -n '23p'
   swap | stage input | step 1 | K=4 | running at head   ?:keys  ::command  q:quit
