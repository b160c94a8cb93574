The command line (`:`) runs every minicc> command; its output goes to the
log pane. Workbench commands: layout, focus, lesson.

  $ minicc --tui-script ':args 4<Enter>:break exit<Enter>c:print a b<Enter>' ../../share/minicc/examples/swap.ir
  + *IR swap [input] ------------------------++ values --------------------------+
  |   entry:                                 ||  n  = 4                          |
  |     i0 = copy 0                          ||* a  = 1   (was 2)                |
  |     jump head                            ||* b  = 2   (was 1)                |
  |   head:                                  ||* i  = 4   (was 3)                |
  | >   a = phi [entry: 1], [body: b]        ||not live: i0=0 i1=4 c=0           |
  | >   b = phi [entry: 2], [body: a]        |+----------------------------------+
  | >   i = phi [entry: i0], [body: i1]      |+ edge head <- body ---------------+
  | >   c = lt i, n                          ||head <- body   step 10            |
  | >   branch c, body, exit                 ||(a, b, i) := (b, a, i1)           |
  |   body:                                  ||1. read all        2. write all   |
  |     i1 = add i, 1                        ||   a reads b  = 1  a: 2 -> 1      |
  |     jump head                            ||   b reads a  = 2  b: 1 -> 2      |
  |=>*exit:                                  ||   i reads i1 = 4  i: 3 -> 4      |
  |     t = mul a, 10                        ||                                  |
  +------------------------------- v 2 more -++----------------------------------+
  + log -------------------------------------------------------------------------+
  |after 10 blocks: about to enter exit from head                                |
  |minicc> print a b                                                             |
  |a = 1                                                                         |
  |b = 2                                                                         |
  +------------------------------------------------------------------ ^ 8 above -+
   swap | stage input | step 10 | K=4 | running at exit   ?:keys  ::command...
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

Without arguments, stepping says so and opens the command line with `args `.

  $ minicc --tui-script 'n' ../../share/minicc/examples/swap.ir | tail -6
  |swap needs arguments: type :args and one value per parameter                  |
  |error: no arguments for swap(i32 n) (try: args 4)                             |
  |                                                                              |
  +------------------------------------------------------------------------------+
   step 0 K=4   error: no arguments for swap(i32 n) (try: args 4)
  minicc> args

  $ minicc --tui-script 'n5<Enter>nn' ../../share/minicc/examples/swap.ir | tail -4
  |[2] head <- entry                                                             |
  +------------------------------------------------------------------ ^ 3 above -+
   swap | stage input | step 2 | K=4 | running at body   ?:keys  ::command  q:quit
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

  $ minicc --tui-script ':layout alloc<Enter>:focus regs<Enter>:layout nope<Enter>' ../../share/minicc/examples/swap.ir 3 | tail -5
  |minicc> layout nope                                                           |
  |layout: unknown layout 'nope' (step, alloc, c, log, next, prev)               |
  +------------------------------------------------------------------ ^ 1 above -+
   step 0 K=4   layout: unknown layout 'nope' (step, alloc, c, log, next, prev)
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

`:layout` without a name changes nothing: it names the layout shown and lists
them; `:help` explains the workbench's own commands (layout, focus, refresh,
keys) as it explains the prompt's:

  $ minicc --tui-script ':layout<Enter>' ../../share/minicc/examples/swap.ir 3 | tail -6
  |minicc> layout                                                                |
  |layout step (layouts: step, alloc, c, log; layout NAME|next|prev)             |
  |                                                                              |
  +------------------------------------------------------------------------------+
   step 0 K=4   layout step (the log lists them)
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

  $ minicc --tui-script ':help layout<Enter>:h focus<Enter>' --size 120x40 ../../share/minicc/examples/swap.ir 3 | grep -E "help layout|h focus|workbench:"
  |minicc> help layout                                                                                                   |
  |workbench: layout [NAME|next|prev] - switch layouts (keys l, L); alone: list them                                     |
  |minicc> h focus                                                                                                       |
  |workbench: focus [NAME|next|prev] - focus a pane (keys Tab, Shift-Tab)                                                |

Stages: `v` moves to the next stage (input, ssa, opt, destroyed).

  $ minicc --tui-script 'vvvnn' ../../share/minicc/examples/swap.ir 3 | sed -n '1,12p'
  + *IR swap [destroyed] --------------------++ values --------------------------+
  |   entry:                                 ||  n       = 3                     |
  |  +  a = copy 1                           ||  a       = 1                     |
  |  +  b = copy 2                           ||  b       = 2                     |
  |  +  i = copy 0                           ||  i       = 0                     |
  |     jump head                            ||not live: c=1                     |
  |   head:                                  |+----------------------------------+
  | >   c = lt i, n                          |+ edge ----------------------------+
  | >   branch c, body, exit                 ||this function has no phis         |
  |=> body:                                  ||phi destruction made them copies  |
  |     i1 = add i, 1                        ||(marked + in the listing)         |
  |  +  i = copy i1                          ||                                  |

Sequential phis (the classic bug), for teaching: the edge record shows the
assignments one at a time and points at the read that sees the new a, so
b stays 2 (2 -> 2) instead of becoming 1.

  $ minicc --tui-script ':set phi-mode sequential<Enter>nnnn' ../../share/minicc/examples/swap.ir 3 | sed -n '9,17p'
  | >   c = lt i, n                          ||head <- body   step 4   SEQUENTIAL|
  | >   branch c, body, exit                 ||(a, b, i) := (b, a, i1)           |
  |=> body:                                  ||one at a time (the classic bug):  |
  |     i1 = add i, 1                        ||1. a := b  = 2   1 -> 2           |
  |     jump head                            ||2. b := a  = 2   2 -> 2 <- new a! |
  |   exit:                                  ||3. i := i1 = 1   0 -> 1           |
  |     t = mul a, 10                        ||                                  |
  +------------------------------- v 2 more -++----------------------------------+
  + log -------------------------------------------------------------------------+

Help, resizing, and small screens.

  $ minicc --tui-script '?' --size 80x24 ../../share/minicc/examples/swap.ir 3 | sed -n '1,4p'
  + *+ keys 1/2 (Space: next page, any other key closes) ---------------------+--+
  |  | stepping                                                               |  |
  |  |   n       step one block (phis of the edge, then the block)            |  |
  |  |   s       step one C line (MiniC; an IR program: one block)            |  |

  $ minicc --tui-script 'nnnn<Size:120x40>' ../../share/minicc/examples/swap.ir 3 | sed -n '1,3p;22,28p;38,40p'
  + *IR swap [input] ----------------------------------------------++ values --------------------------------------------+
  |   entry:                                                       ||  n  = 3                                            |
  |     i0 = copy 0                                                ||* a  = 2   (was 1)                                  |
  |                                                                ||i0      -> r3  (= i)                                |
  |                                                                ||a       -> r1                                       |
  |                                                                ||b       -> r2                                       |
  |                                                                ||i       -> r3                                       |
  |                                                                ||i1      -> r3  (= i)                                |
  |                                                                ||c       -> r0                                       |
  +----------------------------------------------------------------++----------------------------------------- v 8 more -+
  +----------------------------------------------------------------------------------------------------------------------+
   swap | stage input | step 4 | K=4 | running at body   ?:keys  ::command  q:quit
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

  $ minicc --tui-script 'nn' --size 40x12 ../../share/minicc/examples/swap.ir 3
  + *IR swap [input] --++ values --------+
  | >   c = lt i, n    ||  n  = 3        |
  | >   branch c, body>||* a  = 1   (new)|
  |=> body:            ||* b  = 2   (new)|
  |     i1 = add i, 1  |+----- v 3 more -+
  |     jump head      |+ edge head <- e +
  |   exit:            ||head <- entry  >|
  |     t = mul a, 10  ||(a, b, i) := (1>|
  |     r = add t, b   ||1. read all     |
  +--------------------++----- v 7 more -+
   step 2 at body K=4   ?:keys...
  n step i inst c cont b back : cmd ? keys

Bad uses: the real workbench needs a terminal; bad key scripts and sizes.

  $ minicc --tui ../../share/minicc/examples/swap.ir
  minicc: --tui needs a terminal (stdout is not one); for scripts use minicc -c or minicc run
  [2]

  $ minicc --tui-script '<Nope>' ../../share/minicc/examples/swap.ir
  minicc: --tui-script: unknown key <nope> (Enter, Tab, BTab, Esc, BS, Del, Up, Down, Left, Right, PgUp, PgDn, Home, End, Space, lt, Size:WxH)
  [2]

  $ minicc --tui-script n --size 3x3 ../../share/minicc/examples/swap.ir
  minicc: error: bad --size '3x3' (WxH, from 10x5 to 1000x1000)
  [2]

  $ minicc --tui-script n nosuch.ir
  nosuch.ir: error: cannot read nosuch.ir: No such file or directory
  error: 'nosuch.ir' not loaded (1 error)
  [2]

  $ minicc --tui-script n ../../share/minicc/examples/swap.ir 1 2
  error: args: expected 1 argument (n), got 2
  [2]

`load` at the command line: long diagnostics wrap in the log; a good file
replaces the function (its arguments are asked for again).

  $ minicc --tui-script ':load nope.ir<Enter>' ../../share/minicc/examples/swap.ir 3 | tail -6
  |nope.ir: error: cannot read nope.ir: No such file or directory                |
  |error: 'nope.ir' not loaded (1 error); still using ../../share/minicc/examples|
  |/swap.ir                                                                      |
  +------------------------------------------------------------------ ^ 1 above -+
   step 0 K=4   nope.ir: error: cannot read nope.ir: No such file or directory
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

  $ minicc --tui-script ':load ../ir/sum.ir<Enter>' ../../share/minicc/examples/swap.ir 3 | sed -n '1,3p;20,24p'
  + *IR sum [input] -------------------------++ values --------------------------+
  |   entry:                                 ||no arguments yet; for example     |
  |     jump head                            ||:args [1,2,3] 3                   |
  |loaded ../ir/sum.ir: 1 function                                               |
  |sum(buf b, i32 n): SSA form, 4 blocks                                         |
  +------------------------------------------------------------------------------+
   sum | stage input | step 0 | K=4 | not started   ?:keys  ::command  q:quit
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys
