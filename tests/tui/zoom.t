`z` zooms the focused pane to the whole screen and back (issue 17); every
pane, the log and the lesson narration included. The title says how to go
back; Tab moves the zoom to the next pane of the layout.

  $ minicc --tui-script 'nnnnz' --size 80x24 ../../share/minicc/examples/swap.ir 5
  + *IR swap [input] (zoomed: z) ------------------------------------------------+
  |   entry:                                                                     |
  |     i0 = copy 0                                                              |
  |     jump head                                                                |
  |   head:                                                                      |
  | >   a = phi [entry: 1], [body: b]                                            |
  | >   b = phi [entry: 2], [body: a]                                            |
  | >   i = phi [entry: i0], [body: i1]                                          |
  | >   c = lt i, n                                                              |
  | >   branch c, body, exit                                                     |
  |=> body:                                                                      |
  |     i1 = add i, 1                                                            |
  |     jump head                                                                |
  |   exit:                                                                      |
  |     t = mul a, 10                                                            |
  |     r = add t, b                                                             |
  |     return r                                                                 |
  |                                                                              |
  |                                                                              |
  |                                                                              |
  |                                                                              |
  +------------------------------------------------------------------------------+
   swap | stage input | step 4 | K=4 | running at body   zoomed ir (z: back)
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys
  $ minicc --tui-script 'nnnnzz' --size 80x24 ../../share/minicc/examples/swap.ir 5 | head -1
  + *IR swap [input] ------------------------++ values --------------------------+
  $ minicc --tui-script 'nnnnz<Tab>' --size 80x24 ../../share/minicc/examples/swap.ir 5 | head -8
  + *values (zoomed: z) ---------------------------------------------------------+
  |  n  = 5                                                                      |
  |* a  = 2   (was 1)                                                            |
  |* b  = 1   (was 2)                                                            |
  |* i  = 1   (was 0)                                                            |
  |not live: i0=0 i1=1 c=1                                                       |
  |                                                                              |
  |                                                                              |
  $ minicc --tui-script ':sweep 4<Enter>:focus log<Enter>z' --size 80x24 ../../share/minicc/examples/swap.ir 5
  + *log (zoomed: z) ------------------------------------------------------------+
  |loaded ../../share/minicc/examples/swap.ir: 1 function; showing swap          |
  |minicc> sweep 4                                                               |
  |sweep swap (from ssa): stage input gives return 21                            |
  |   K  allocator  slots  spill_reads spill_writes      traffic instructions   >|
  |   1  baseline      12           53           48          101           50   >|
  |   1  improved       4           29           19           48           37   >|
  |   2  baseline      10           46           41           87           50   >|
  |   2  improved       3           18           13           31           31   >|
  |   3  baseline       7           34           29           63           50   >|
  |   3  improved       2           12            7           19           31   >|
  |   4  baseline       3           21           16           37           50   >|
  |   4  improved       1            6            1            7           31   >|
  |all 8 runs agree with stage input                                             |
  |minicc> focus log                                                             |
  |                                                                              |
  |                                                                              |
  |                                                                              |
  |                                                                              |
  |                                                                              |
  |                                                                              |
  +------------------------------------------------------------------------------+
   swap | stage input | step 0 | K=4 | not started   zoomed log (z: back)
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

The lesson narration, zoomed at 80x24, shows a whole section (z before
Enter: at the question Enter leads to, a typed key starts the answer):

  $ minicc --tui-script 'z<Enter>' --lesson ../../lessons/05-register-budgets.lesson --size 80x24 | head -12
  + *lesson: Then spill slots and traffic (zoomed: z) ---------------------------+
  |== Then spill slots and traffic ==                                            |
  |Six values (a0 .. a5) stay live across the whole loop. With few registers most|
  |values live in spill slots, and every read or write of a slot counts.         |
  |minicc> alloc 1 baseline                                                      |
  |alloc (baseline, K = 1): 27 nodes, 1 register used, 24 spilled to 24 slots    |
  |minicc> machine                                                               |
  |# machine: baseline allocator, K = 1                                          |
  |return 84                                                                     |
  |stats: instructions=53 copies=16 spill_reads=72 spill_writes=51 registers=1 s>|
  |How many values are live at once? live --points writes the live values after  |
  |every point, and the pressure: those plus what the point defines.             |

A new layout ends the zoom:

  $ minicc --tui-script 'zl' --size 80x24 ../../share/minicc/examples/swap.ir 5 | head -1
  + *interference K=4 (improved) [destroyed] ----++ registers K=4 [destroyed] ---+
