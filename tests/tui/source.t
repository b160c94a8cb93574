The source pane (issue 19 §3): with a MiniC program the workbench starts in
the `source` layout, the C source beside the IR over the values. The C line
of the next thing to execute is marked `=>` (the C line of the IR line the
IR pane marks `=>`), the end `<-` (return) or `!!` (trap) as in the IR pane.

  $ minicc --tui-script '' --size 100x30 ../../share/minicc/examples/bubble.c '[3,1,2]' 3 | head -3
  + C bubble.c ------------------------------------++ *IR bubble [input] ----------------------------+
  |    15 //   return 0                            ||   entry:                                       |
  |    16 //   a = []                              ||     swaps = copy 0                             |
  $ minicc --tui-script '' --size 100x30 ../../share/minicc/examples/bubble.c '[3,1,2]' 3 | tail -2
   bubble | stage input | step 0 | K=4 | not started   n steps a block, ? lists the keys
  s line n block i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

`s` steps one C line: from the start to the first statement, then the loop
header, the first statement of the body and the inner loop's header; `n`
still steps a block and `i` an instruction.

  $ minicc --tui-script 's' --size 100x30 ../../share/minicc/examples/bubble.c '[3,1,2]' 3 | grep -E '=>|running'
  |    17 int bubble(int a[], int n) {             ||=>   i = copy 0                                 |
  |=>  19     for (int i = 0; i < n; i++) {        ||   for.L19:                                     |
   bubble | stage input | step 1 | K=4 | running at entry   ?:keys  ::command  q:quit
  $ minicc --tui-script 'ss' --size 100x30 ../../share/minicc/examples/bubble.c '[3,1,2]' 3 | grep -E '=>|running'
  |=>  20         int swapped = 0;                 || >   lt.L19 = lt i, n                           |
  |    22             if (a[j] > a[j + 1]) {       ||=> body.L19:                                    |
   bubble | stage input | step 2 | K=4 | running at body.L19   ?:keys  ::command  q:quit
The values pane shows the C variables; the temporaries of the lowering
(`lt.L19`, `add.L21`...) are hidden and counted, and `:temps` shows them
(issue 29 §2).

  $ minicc --tui-script 'ssss' --size 100x30 ../../share/minicc/examples/bubble.c '[3,1,2]' 3 | grep -E '=>|running'
  |    18     int swaps = 0;                       ||=> body.L21:                                    |
  |=>  22             if (a[j] > a[j + 1]) {       ||     lt.L22 = lt load.L22.2, load.L22           |
   bubble | stage input | step 4 | K=4 | running at body.L21   ?:keys  ::command  q:quit
  $ minicc --tui-script 'ssssn' --size 100x30 ../../share/minicc/examples/bubble.c '[3,1,2]' 3 | grep -E '=>|running'
  |=>  23                 int t = a[j];            || >   branch lt.L22, then.L22, end.L22           |
  |    24                 a[j] = a[j + 1];         ||=> then.L22:                                    |
   bubble | stage input | step 5 | K=4 | running at then.L22   ?:keys  ::command  q:quit
  $ minicc --tui-script 'ssssi' --size 100x30 ../../share/minicc/examples/bubble.c '[3,1,2]' 3 | grep -E '=>|running'
  |    19     for (int i = 0; i < n; i++) {        ||=>   load.L22 = load a, j                       |
  |=>  22             if (a[j] > a[j + 1]) {       ||     lt.L22 = lt load.L22.2, load.L22           |
   bubble | stage input | step 5 | K=4 | running at body.L21   ?:keys  ::command  q:quit

The whole screen after four lines: the edge record of the values pane
covers the whole line stepped.

  $ minicc --tui-script 'ssss' --size 100x30 ../../share/minicc/examples/bubble.c '[3,1,2]' 3
  + C bubble.c line 22 ----------------------------++ *IR bubble [input] ----------------------------+
  |    15 //   return 0                            || >   sub.L21 = sub n, i                         |
  |    16 //   a = []                              || >   lt.L21 = lt add.L21, sub.L21               |
  |    17 int bubble(int a[], int n) {             || >   branch lt.L21, body.L21, end.L21           |
  |    18     int swaps = 0;                       ||=> body.L21:                                    |
  |    19     for (int i = 0; i < n; i++) {        ||     load.L22 = load a, j                       |
  |    20         int swapped = 0;                 ||     add.L22 = add j, 1                         |
  |    21         for (int j = 0; j + 1 < n - i; j>||     load.L22.2 = load a, add.L22               |
  |=>  22             if (a[j] > a[j + 1]) {       ||     lt.L22 = lt load.L22.2, load.L22           |
  |    23                 int t = a[j];            ||     branch lt.L22, then.L22, end.L22           |
  |    24                 a[j] = a[j + 1];         ||   then.L22:                                    |
  |    25                 a[j + 1] = t;            ||     t = load a, j                              |
  |    26                 swapped = 1;             |+------------------------ ^ 13 above, v 24 more -+
  |    27                 swaps++;                 |+ values ----------------------------------------+
  |    28             }                            ||  n          = 3                                |
  |    29         }                                ||  swaps      = 0                                |
  |    30         if (!swapped) break;             ||  i          = 0                                |
  |    31     }                                    ||  swapped    = 0                                |
  |    32     return swaps;                        ||  j          = 0                                |
  |    33 }                                        ||(4 temporaries of the C hidden: :temps)         |
  +----------------------------------- ^ 14 above -++------------------------------------- v 1 more -+
  + log ---------------------------------------------------------------------------------------------+
  |loaded ../../share/minicc/examples/bubble.c: 1 function; showing bubble                           |
  |[1] entry                                                                                         |
  |[2] for.L19 <- entry                                                                              |
  |[3] body.L19 <- for.L19                                                                           |
  |[4] for.L21 <- body.L19                                                                           |
  +--------------------------------------------------------------------------------------------------+
   bubble | stage input | step 4 | K=4 | running at body.L21   ?:keys  ::command  q:quit
  s line n block i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

At the end the return's line is marked `<-`; a trap's line `!!`.

  $ minicc --tui-script 'c' --size 100x30 ../../share/minicc/examples/bubble.c '[3,1,2]' 3 | grep -E '<-|returned'
  |    25                 a[j + 1] = t;            ||<-   return swaps                               |
  |<-  32     return swaps;                        ||                                                |
  |[27] end.L19 <- then.L30                                                                          |
   bubble | stage input | step 27 | K=4 | returned   return 2 (after 27 blocks)
  $ minicc --tui-script 'c' --size 100x24 divtrap.c '[1]' 2 | grep -E '!!|trapped'
  |     3     for (int i = 0; i <= n; i++)         ||!!   div.L4 = div 100, sub.L4                   |
  |!!   4         s += 100 / (n - i);              ||     s = add s, div.L4                          |
   f | stage input | step 9 | K=4 | trapped   trap: division by zero (after 9 blocks)

The lines stay with the code through the stages: in SSA form (v) and after
the optimizer (v again) `s` still steps by C line.

  $ minicc --tui-script 'vss' --size 100x30 ../../share/minicc/examples/bubble.c '[3,1,2]' 3 | grep -E '=>|running'
  |=>  20         int swapped = 0;                 || >   swaps.2 = phi [entry: swaps.1], [step.L19:>|
  |    24                 a[j] = a[j + 1];         ||=> body.L19:                                    |
   bubble | stage ssa | step 2 | K=4 | running at body.L19   ?:keys  ::command  q:quit
  $ minicc --tui-script 'vvsss' --size 100x30 ../../share/minicc/examples/bubble.c '[3,1,2]' 3 | grep -E '=>|running'
  |=>  23                 int t = a[j];            ||=> then.L22:                                    |
   bubble | stage opt | step 4 | K=4 | running at then.L22   ?:keys  ::command  q:quit

The layouts: source is offered only with a MiniC program, and `l` cycles
through it.

  $ minicc --tui-script ':layout<Enter>' --size 100x30 ../../share/minicc/examples/bubble.c '[3,1,2]' 3 | grep -o 'layout source (layouts: [a-z, ]*'
  layout source (layouts: step, alloc, c, log, source
  $ minicc --tui-script ':layout<Enter>' --size 100x30 ../../share/minicc/examples/swap.ir 3 | grep -o 'layout step (layouts: [a-z, ]*'
  layout step (layouts: step, alloc, c, log
  $ minicc --tui-script 'l' --size 100x30 ../../share/minicc/examples/bubble.c '[3,1,2]' 3 | head -1 | cut -c 1-40
  + *IR bubble [input] -------------------

An IR program has no source pane, and `s` steps a block there as before.

  $ minicc --tui-script 'sss' --size 100x30 ../../share/minicc/examples/swap.ir 3 > "$CRAMTMP/s.txt"
  $ minicc --tui-script 'nnn' --size 100x30 ../../share/minicc/examples/swap.ir 3 > "$CRAMTMP/n.txt"
  $ cmp "$CRAMTMP/s.txt" "$CRAMTMP/n.txt" && echo same
  same
  $ minicc --tui-script ':layout source<Enter>' --size 100x30 ../../share/minicc/examples/swap.ir 3 | grep -o "layout: unknown layout 'source' ([a-z, ]*"
  layout: unknown layout 'source' (step, alloc, c, log, next, prev
  layout: unknown layout 'source' (step, alloc, c, log, next, prev

Selecting an IR line highlights its C line: `]` and `[` move a selection
over the IR (it starts at the pane's first line shown); the IR pane marks it
`->` and the source pane marks its C line `->`, the status bar names both.
A step moves the IR again and the selection goes.

  $ minicc --tui-script ']]]]]]]]]]]]' --size 100x30 ../../share/minicc/examples/bubble.c '[3,1,2]' 3 | grep -E -- '->|IR line'
  |->  21         for (int j = 0; j + 1 < n - i; j>||   body.L19:                                    |
  |    25                 a[j + 1] = t;            ||-> for.L21:                                     |
   bubble | stage input | step 0 | K=4 | not started   IR line 12: C line 21
  $ minicc --tui-script ']]]]]]]]]]]][[' --size 100x30 ../../share/minicc/examples/bubble.c '[3,1,2]' 3 | grep -E -- '->|IR line'
  |->  21         for (int j = 0; j + 1 < n - i; j>||   body.L19:                                    |
  |    23                 int t = a[j];            ||->   j = copy 0                                 |
   bubble | stage input | step 0 | K=4 | not started   IR line 10: C line 21
  $ minicc --tui-script ']]]]]]]]]]]]n' --size 100x30 ../../share/minicc/examples/bubble.c '[3,1,2]' 3 | grep -c -- '->'
  0
  [1]
  $ minicc --tui-script ']]]' --size 100x30 ../../share/minicc/examples/swap.ir 3 | grep -E -- '->|IR line'
  |->   jump head                                       ||                                           |
   swap | stage input | step 0 | K=4 | not started   IR line 3
  $ minicc --tui-script 'ssss:temps<Enter>' --size 100x30 ../../share/minicc/examples/bubble.c '[3,1,2]' 3 | grep -o 'not live: .*|$'
  not live: lt.L19=1 lt.L21=1 add.L21=1 sub.L21=3 |
