The full-screen workbench, driven without a terminal: `minicc --tui-script
KEYS` applies keys to the workbench and prints the final screen as text
(the same frame the terminal shows; borders as +-|, `*` marks the focused
pane's title, `=>` the next thing to execute, `*` before a value that the
last step changed).

Four steps of swap with n = 3: entry, head (from entry), body, head again.
The last edge taken into a phi block is body -> head, and its record shows
the phis as one parallel assignment: first every phi reads (a reads b = 2,
b reads a = 1, i reads i1 = 1), then every phi is written (a: 1 -> 2,
b: 2 -> 1, i: 0 -> 1). Sequential assignment would have made b = 2.

  $ minicc --tui-script nnnn ../../share/minicc/examples/swap.ir 3
  + *IR swap [input] ------------------------++ values --------------------------+
  |   entry:                                 ||  n  = 3                          |
  |     i0 = copy 0                          ||* a  = 2   (was 1)                |
  |     jump head                            ||* b  = 1   (was 2)                |
  |   head:                                  ||* i  = 1   (was 0)                |
  | >   a = phi [entry: 1], [body: b]        ||not live: i0=0 i1=1 c=1           |
  | >   b = phi [entry: 2], [body: a]        |+----------------------------------+
  | >   i = phi [entry: i0], [body: i1]      |+ edge head <- body ---------------+
  | >   c = lt i, n                          ||head <- body   step 4             |
  | >   branch c, body, exit                 ||(a, b, i) := (b, a, i1)           |
  |=> body:                                  ||1. read all        2. write all   |
  |     i1 = add i, 1                        ||   a reads b  = 2  a: 1 -> 2      |
  |     jump head                            ||   b reads a  = 1  b: 2 -> 1      |
  |   exit:                                  ||   i reads i1 = 1  i: 0 -> 1      |
  |     t = mul a, 10                        ||                                  |
  +------------------------------- v 2 more -++----------------------------------+
  + log -------------------------------------------------------------------------+
  |[1] entry                                                                     |
  |[2] head <- entry                                                             |
  |[3] body <- head                                                              |
  |[4] head <- body                                                              |
  +------------------------------------------------------------------ ^ 1 above -+
   swap | stage input | step 4 | K=4 | running at body   ?:keys  ::command  q:quit
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

Step by instruction: after two blocks the interpreter is about to enter
body; `i` enters it (a block entry with its phis is one unit), the second
`i` runs `i1 = add i, 1`, so `=>` points at `jump head`. The edge pane
still shows the last edge that had phis (entry -> head) and says that the
edge taken since (head -> body) has none.

  $ minicc --tui-script nnii ../../share/minicc/examples/swap.ir 3
  + *IR swap [input] ------------------------++ values --------------------------+
  |   entry:                                 ||  n  = 3                          |
  |     i0 = copy 0                          ||  a  = 1                          |
  |     jump head                            ||  b  = 2                          |
  |   head:                                  ||* i1 = 1   (new)                  |
  |     a = phi [entry: 1], [body: b]        ||not live: i0=0 i=0 c=1            |
  |     b = phi [entry: 2], [body: a]        |+----------------------------------+
  |     i = phi [entry: i0], [body: i1]      |+ edge head <- entry --------------+
  |     c = lt i, n                          ||last edge body <- head has no phis|
  |     branch c, body, exit                 ||head <- entry   step 2            |
  |   body:                                  ||(a, b, i) := (1, 2, i0)           |
  | >   i1 = add i, 1                        ||1. read all        2. write all   |
  |=>   jump head                            ||   a reads 1  = 1  a: - -> 1      |
  |   exit:                                  ||   b reads 2  = 2  b: - -> 2      |
  |     t = mul a, 10                        ||   i reads i0 = 0  i: - -> 0      |
  +------------------------------- v 2 more -++----------------------------------+
  + log -------------------------------------------------------------------------+
  |loaded ../../share/minicc/examples/swap.ir: 1 function; showing swap          |
  |[1] entry                                                                     |
  |[2] head <- entry                                                             |
  |[3] body <- head                                                              |
  +------------------------------------------------------------------------------+
   swap | stage input | step 3 | K=4 | running at body   ?:keys  ::command  q:quit
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

Back (`b`) replays to one block earlier (about to enter head from body
again): a, b and i show their old values; the marks are those of the step
now shown (body, which defined i1), and the edge pane shows the last phi
edge before that point.
Continue (`c`) runs to the end: return 21 for odd n (10*a + b with a = 2,
b = 1).

  $ minicc --tui-script nnnnb ../../share/minicc/examples/swap.ir 3 | sed -n '1,17p'
  + *IR swap [input] ------------------------++ values --------------------------+
  |   entry:                                 ||  n  = 3                          |
  |     i0 = copy 0                          ||  a  = 1                          |
  |     jump head                            ||  b  = 2                          |
  |=> head:                                  ||* i1 = 1   (new)                  |
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

  $ minicc --tui-script nnnnc ../../share/minicc/examples/swap.ir 3 | tail -6
  |[4] head <- body                                                              |
  |[9] exit <- head                                                              |
  |return 21 (after 9 blocks)                                                    |
  +------------------------------------------------------------------ ^ 3 above -+
   swap | stage input | step 9 | K=4 | returned   return 21 (after 9 blocks)
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

The changed values and the current line are highlighted (attribute layer:
c = current line, k = current block, v = changed value, h = heading).

  $ minicc --tui-script nnnn --attrs ../../share/minicc/examples/swap.ir 3 | sed -n '26,45p'
  fttttttttttttttttttfffffffffffffffffffffffffbttttttttbbbbbbbbbbbbbbbbbbbbbbbbbbb
  f..........................................fb..................................b
  f..........................................fbvvvvvvvvdddddddddd................b
  f..........................................fbvvvvvvvvdddddddddd................b
  f..........................................fbvvvvvvvvdddddddddd................b
  fvv........................................fbddddddddddddddddddddddd...........b
  fvv........................................fbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb
  fvv........................................fbtttttttttttttttttttbbbbbbbbbbbbbbbb
  fvv........................................fbhhhhhhhhhhhhddddddddd.............b
  fvv........................................fb..................................b
  fccccccccccccccccccccccccccccccccccccccccccfbhhhhhhhhhhh........hhhhhhhhhhhh...b
  fkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkfb...................vvvvvvvvv......b
  fkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkfb...................vvvvvvvvv......b
  f..........................................fb...................vvvvvvvvv......b
  f..........................................fb..................................b
  ffffffffffffffffffffffffffffffffmmmmmmmmmmffbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb
  btttttbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb
  bddddddddd.....................................................................b
  bddddddddddddddddd.............................................................b
  bdddddddddddddddd..............................................................b

After `c` the edge pane still shows the last edge that had phis (found by a
silent replay, since a long run keeps only the last block's events): for
n = 3 the loop head is entered from body for the last time at step 8 with
i: 2 -> 3, then head -> exit (no phis). The listing marks the return `<-`.

  $ minicc --tui-script c ../../share/minicc/examples/swap.ir 3 | sed -n 10,18p
  |     i1 = add i, 1                        ||head <- body   step 8             |
  |     jump head                            ||(a, b, i) := (b, a, i1)           |
  |   exit:                                  ||1. read all        2. write all   |
  | >   t = mul a, 10                        ||   a reads b  = 2  a: 1 -> 2      |
  | >   r = add t, b                         ||   b reads a  = 1  b: 2 -> 1      |
  |<-   return r                             ||   i reads i1 = 3  i: 2 -> 3      |
  +------------------------------ ^ 2 above -++----------------------------------+
  + log -------------------------------------------------------------------------+
  |loaded ../../share/minicc/examples/swap.ir: 1 function; showing swap          |

A trap: fill_oob stores i*i into a 3-element buffer for i < 5. The store
with i = 3 traps; the listing marks it `!!`, the values pane shows the trap
and the buffer as the earlier stores left it ([0, 1, 4]).

  $ minicc --tui-script c ../../tests/ir/fill_oob.ir '[0,0,0]' 5 | sed -n 1,12p
  + *IR fill_oob [input] --------------------++ values --------------------------+
  |   entry:                                 ||trap: buffer index 3 outside [0,3)|
  |     jump head                            ||values: n=5 i=3 i1=3 c=1 sq=9     |
  |   head:                                  ||  b = [0, 1, 4]                   |
  |     i = phi [entry: 0], [body: i1]       ||                                  |
  |     c = lt i, n                          ||                                  |
  |     branch c, body, exit                 ||                                  |
  |   body:                                  ||                                  |
  | >   sq = mul i, i                        |+----------------------------------+
  |!!   store b, i, sq                       |+ edge head <- body ---------------+
  |     i1 = add i, 1                        ||last edge body <- head has no phis|
  |     jump head                            ||head <- body   step 8             |
