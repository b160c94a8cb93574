gdb's conveniences in the workbench (issue 17): the IR pane marks
breakpoints on their block label (`*`, `?` with a condition, `t` one-shot),
the values pane ends with the watch list (watches and displays, with how
often a watch stopped `c`), and a stop by a watch says old and new value in
the status bar. The commands are the prompt's, typed after `:`.

  $ minicc --tui-script ':break head if i >= 3<Enter>:tbreak exit<Enter>:break body<Enter>:watch a<Enter>:display i b<Enter>cc' --size 100x30 ../../share/minicc/examples/swap.ir 5
  + *IR swap [input] -----------------------------------++ values -----------------------------------+
  |   entry:                                            ||  n  = 5                                   |
  |     i0 = copy 0                                     ||* a  = 2   (was 1)                         |
  |     jump head                                       ||* b  = 1   (was 2)                         |
  |  ?head:                                             ||* i  = 1   (was 0)                         |
  | >   a = phi [entry: 1], [body: b]                   ||not live: i0=0 i1=1 c=1                    |
  | >   b = phi [entry: 2], [body: a]                   ||watch list:                                |
  | >   i = phi [entry: i0], [body: i1]                 ||watch   a = 2  (stopped 2 times)           |
  | >   c = lt i, n                                     ||display i = 1                              |
  | >   branch c, body, exit                            ||display b = 1                              |
  |=>*body:                                             ||                                           |
  |     i1 = add i, 1                                   |+-------------------------------------------+
  |     jump head                                       |+ edge head <- body ------------------------+
  |  texit:                                             ||head <- body   step 4                      |
  |     t = mul a, 10                                   ||(a, b, i) := (b, a, i1)                    |
  |     r = add t, b                                    ||1. read all        2. write all            |
  |     return r                                        ||   a reads b  = 2  a: 1 -> 2               |
  |                                                     ||   b reads a  = 1  b: 2 -> 1               |
  |                                                     ||   i reads i1 = 1  i: 0 -> 1               |
  |                                                     ||                                           |
  +-----------------------------------------------------++-------------------------------------------+
  + log ---------------------------------------------------------------------------------------------+
  |display: i = 0, b = 2                                                                             |
  |[4] head <- body                                                                                  |
  |breakpoint: body, watch a: 1 -> 2                                                                 |
  |after 4 blocks: about to enter body from head                                                     |
  |display: i = 1, b = 1                                                                             |
  +------------------------------------------------------------------------------------- ^ 14 above -+
   swap | stage input | step 4 | K=4 | running at body   breakpoint: body, watch a: 1 -> 2
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys
  $ minicc --tui-script ':break head if i >= 3<Enter>:tbreak exit<Enter>:watch a<Enter>:display i b<Enter>ccc' --size 100x30 ../../share/minicc/examples/swap.ir 5 | tail -8
  |display: i = 1, b = 1                                                                             |
  |[6] head <- body                                                                                  |
  |watch a: 2 -> 1                                                                                   |
  |after 6 blocks: about to enter body from head                                                     |
  |display: i = 2, b = 2                                                                             |
  +------------------------------------------------------------------------------------- ^ 16 above -+
   swap | stage input | step 6 | K=4 | running at body   watch a: 2 -> 1
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

A step (`n`) reports a watched value it changed; going back (`b`) is no
change to report, and `c` then stops at the next real change:

  $ minicc --tui-script ':watch a<Enter>nn' --size 100x30 ../../share/minicc/examples/swap.ir 5 | tail -2 | head -1
   swap | stage input | step 2 | K=4 | running at body   watch a: - -> 1
  $ minicc --tui-script ':watch a<Enter>nnnnbbc' --size 100x30 ../../share/minicc/examples/swap.ir 5 | tail -2 | head -1
   swap | stage input | step 4 | K=4 | running at body   watch a: 1 -> 2
