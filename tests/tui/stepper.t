The colouring-order stepper: in the interference pane `.` shows the
allocator's decisions one at a time (its trace: coalescing tests, the
simplify stack growing with optimistic pushes marked ?, then select popping
it as registers appear, then slots), `,` takes one back, and before the
first decision the pane is the graph again. Meanwhile the registers pane
shows only the locations decided so far (`?` for the others: issue 29 §2),
the final assignment under them. Both titles name the code the allocation
describes, after phi destruction (`[destroyed]`, with its `$cycle1`). swap
with n = 3, K = 4.

  $ minicc --tui-script 'l..........' --size 100x30 ../../share/minicc/examples/swap.ir 3 | sed -n '1,16p'
  + *interference K=4 (improved): decisions -----------------++ registers K=4 at decision 10 --------+
  |decision 10 of 25  (. next  , back)                       ||n       -> ?                          |
  |stack: t r n?                                             ||i0      -> ?  (= i)                   |
  |located: -                                                ||a       -> ?                          |
  |decisions:                                                ||b       -> ?                          |
  |  1 move b <- $cycle1: they interfere: refused            ||i       -> ?                          |
  |  2 move a <- b: they interfere: refused                  ||i1      -> ?  (= i)                   |
  |  3 move $cycle1 <- a: they interfere: refused            ||c       -> ?                          |
  |  4 move i <- i1: Briggs: 5 significant neighbours >= K=4>||t       -> ?                          |
  |  5 move i <- i1: George (neighbours of i1 vs i): 0 signi>||r       -> ?                          |
  |  6 move i <- i0: Briggs: 5 significant neighbours >= K=4>||$cycle1 -> ?                          |
  |  7 move i <- i0: George (neighbours of i0 vs i): 0 signi>||? undecided; at the end:              |
  |  8 push t (degree 1 < K=4)                               ||4 of 4 registers used, 1 slot         |
  |  9 push r (degree 0 < K=4)                               ||last machine run (K=4):               |
  | 10 push n (degree 5 >= K=4, optimistic, metric 2.2)      ||return 21                             |
  |                                                          ||spill reads 4, writes 1               |

All 25: the stack is empty, every value is located, as the regs pane says.

  $ minicc --tui-script 'l.........................' --size 100x30 ../../share/minicc/examples/swap.ir 3 | sed -n '1,4p;22,22p;29p'
  + *interference K=4 (improved): decisions -----------------++ registers K=4 at decision 25 --------+
  |decision 25 of 25  (. next  , back)                       ||n       -> slot0                      |
  |stack: -                                                  ||i0      -> r3  (= i)                  |
  |located: n=slot0 a=r1 b=r2 i=r3 c=r0 t=r0 r=r0 $cycle1=r0 ||a       -> r1                         |
  + log ---------------------------------------------------------------------------------------------+
   swap | stage input | step 0 | K=4 | not started   decision 25 of 25
  $ minicc --tui-script 'l..........................' --size 100x30 ../../share/minicc/examples/swap.ir 3 | sed -n '29p'
   swap | stage input | step 0 | K=4 | not started   that was the last of 25 decisions (, steps back)

Back to the graph; and with the chapter's allocator the decisions are its
degree order (no stack).

  $ minicc --tui-script 'l..,,' --size 100x30 ../../share/minicc/examples/swap.ir 3 | sed -n '1,2p;29p'
  + *interference K=4 (improved) [destroyed] ----------------++ registers K=4 [destroyed] -----------+
  |10 nodes, 21 edges, 1 spilled                             ||n       -> slot0                      |
   step 0 K=4   interference graph (. steps the allocator's decisions)
  $ minicc --tui-script ':set allocator baseline<Enter>l....' --size 100x30 ../../share/minicc/examples/swap.ir 3 | sed -n '1,9p'
  + *interference K=4 (baseline): decisions -----------------++ registers K=4 at decision 4 ---------+
  |decision 4 of 33  (. next  , back)                        ||n            -> r0                    |
  |stack: -                                                  ||i0           -> ?                     |
  |located: n=r0 a=r1                                        ||a            -> r1                    |
  |decisions:                                                ||b            -> ?                     |
  |  1 next n (degree 12)                                    ||i            -> ?                     |
  |  2 colour n -> r0                                        ||i1           -> ?                     |
  |  3 next a (degree 10)                                    ||c            -> ?                     |
  |  4 colour a -> r1                                        ||t            -> ?                     |
