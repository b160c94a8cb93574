Change markers in the values pane: `*` marks exactly the values the step
now shown wrote and changed (the phis of the edge it took, the results of
its instructions), `(was X)` gives the value before that step, `(new)` a
value it defined. The step now shown is the last block run (`n`, `c`, `b`)
or the last unit run (`i`); a restart runs nothing and marks nothing. They
come from the session's events of the last step, not from a diff of the
values around a command that ran many blocks. swap with n = 5 and a
breakpoint on exit.

`c` runs 12 blocks and stops about to enter exit: the last block run is
head from body, which wrote a, b and i (and c, now 0, no longer live).
The parameter n was written by no step and is not marked.

  $ minicc --tui-script ':break exit<Enter>c' --size 80x24 ../../share/minicc/examples/swap.ir 5
  + *IR swap [input] ------------------------++ values --------------------------+
  |   entry:                                 ||  n  = 5                          |
  |     i0 = copy 0                          ||* a  = 2   (was 1)                |
  |     jump head                            ||* b  = 1   (was 2)                |
  |   head:                                  ||* i  = 5   (was 4)                |
  | >   a = phi [entry: 1], [body: b]        ||not live: i0=0 i1=5 c=0           |
  | >   b = phi [entry: 2], [body: a]        |+----------------------------------+
  | >   i = phi [entry: i0], [body: i1]      |+ edge head <- body ---------------+
  | >   c = lt i, n                          ||head <- body   step 12            |
  | >   branch c, body, exit                 ||(a, b, i) := (b, a, i1)           |
  |   body:                                  ||1. read all        2. write all   |
  |     i1 = add i, 1                        ||   a reads b  = 2  a: 1 -> 2      |
  |     jump head                            ||   b reads a  = 1  b: 2 -> 1      |
  |=>*exit:                                  ||   i reads i1 = 5  i: 4 -> 5      |
  |     t = mul a, 10                        ||                                  |
  +------------------------------- v 2 more -++----------------------------------+
  + log -------------------------------------------------------------------------+
  |breakpoint at exit                                                            |
  |[12] head <- body                                                             |
  |breakpoint: exit                                                              |
  |after 12 blocks: about to enter exit from head                                |
  +------------------------------------------------------------------ ^ 2 above -+
   swap | stage input | step 12 | K=4 | running at exit   breakpoint: exit
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

`b` after `c` goes back to step 11, about to enter head from body: the step
shown is body, which wrote only i1 (4 -> 5); a and b are untouched.

  $ minicc --tui-script ':break exit<Enter>cb' --size 80x24 ../../share/minicc/examples/swap.ir 5
  + *IR swap [input] ------------------------++ values --------------------------+
  |   entry:                                 ||  n  = 5                          |
  |     i0 = copy 0                          ||  a  = 1                          |
  |     jump head                            ||  b  = 2                          |
  |=> head:                                  ||* i1 = 5   (was 4)                |
  |     a = phi [entry: 1], [body: b]        ||not live: i0=0 i=4 c=1            |
  |     b = phi [entry: 2], [body: a]        |+----------------------------------+
  |     i = phi [entry: i0], [body: i1]      |+ edge head <- body ---------------+
  |     c = lt i, n                          ||last edge body <- head has no phis|
  |     branch c, body, exit                 ||head <- body   step 10            |
  |   body:                                  ||(a, b, i) := (b, a, i1)           |
  | >   i1 = add i, 1                        ||1. read all        2. write all   |
  | >   jump head                            ||   a reads b  = 1  a: 2 -> 1      |
  |  *exit:                                  ||   b reads a  = 2  b: 1 -> 2      |
  |     t = mul a, 10                        ||   i reads i1 = 4  i: 3 -> 4      |
  +------------------------------- v 2 more -++----------------------------------+
  + log -------------------------------------------------------------------------+
  |[12] head <- body                                                             |
  |breakpoint: exit                                                              |
  |after 12 blocks: about to enter exit from head                                |
  |back to step 11                                                               |
  +------------------------------------------------------------------ ^ 3 above -+
   swap | stage input | step 11 | K=4 | running at head   back to step 11
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

Eleven `n` then `b`: back to step 10, about to enter body; the step shown is
head from body, which swapped a and b and counted i.

  $ minicc --tui-script ':break exit<Enter>nnnnnnnnnnnb' --size 80x24 ../../share/minicc/examples/swap.ir 5
  + *IR swap [input] ------------------------++ values --------------------------+
  |   entry:                                 ||  n  = 5                          |
  |     i0 = copy 0                          ||* a  = 1   (was 2)                |
  |     jump head                            ||* b  = 2   (was 1)                |
  |   head:                                  ||* i  = 4   (was 3)                |
  | >   a = phi [entry: 1], [body: b]        ||not live: i0=0 i1=4 c=1           |
  | >   b = phi [entry: 2], [body: a]        |+----------------------------------+
  | >   i = phi [entry: i0], [body: i1]      |+ edge head <- body ---------------+
  | >   c = lt i, n                          ||head <- body   step 10            |
  | >   branch c, body, exit                 ||(a, b, i) := (b, a, i1)           |
  |=> body:                                  ||1. read all        2. write all   |
  |     i1 = add i, 1                        ||   a reads b  = 1  a: 2 -> 1      |
  |     jump head                            ||   b reads a  = 2  b: 1 -> 2      |
  |  *exit:                                  ||   i reads i1 = 4  i: 3 -> 4      |
  |     t = mul a, 10                        ||                                  |
  +------------------------------- v 2 more -++----------------------------------+
  + log -------------------------------------------------------------------------+
  |[9] body <- head                                                              |
  |[10] head <- body                                                             |
  |[11] body <- head                                                             |
  |back to step 10                                                               |
  +----------------------------------------------------------------- ^ 11 above -+
   swap | stage input | step 10 | K=4 | running at body   back to step 10
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

The first `n` runs entry: it defines i0; the parameter n is not marked.

  $ minicc --tui-script ':break exit<Enter>n' --size 80x24 ../../share/minicc/examples/swap.ir 5
  + *IR swap [input] ------------------------++ values --------------------------+
  |   entry:                                 ||  n  = 5                          |
  | >   i0 = copy 0                          ||* i0 = 0   (new)                  |
  | >   jump head                            ||                                  |
  |=> head:                                  ||                                  |
  |     a = phi [entry: 1], [body: b]        ||                                  |
  |     b = phi [entry: 2], [body: a]        |+----------------------------------+
  |     i = phi [entry: i0], [body: i1]      |+ edge ----------------------------+
  |     c = lt i, n                          ||no edge with phis taken yet       |
  |     branch c, body, exit                 ||step (n) into a block with phis:  |
  |   body:                                  ||its phis read all, then write all |
  |     i1 = add i, 1                        ||                                  |
  |     jump head                            ||                                  |
  |  *exit:                                  ||                                  |
  |     t = mul a, 10                        ||                                  |
  +------------------------------- v 2 more -++----------------------------------+
  + log -------------------------------------------------------------------------+
  |loaded ../../share/minicc/examples/swap.ir: 1 function; showing swap          |
  |minicc> break exit                                                            |
  |breakpoint at exit                                                            |
  |[1] entry                                                                     |
  +------------------------------------------------------------------------------+
   swap | stage input | step 1 | K=4 | running at head   ?:keys  ::command  q:quit
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

`n` after `c` and `b` runs head from body again: a, b and i, with the
values they had before it.

  $ minicc --tui-script ':break exit<Enter>cbn' --size 80x24 ../../share/minicc/examples/swap.ir 5
  + *IR swap [input] ------------------------++ values --------------------------+
  |   entry:                                 ||  n  = 5                          |
  |     i0 = copy 0                          ||* a  = 2   (was 1)                |
  |     jump head                            ||* b  = 1   (was 2)                |
  |   head:                                  ||* i  = 5   (was 4)                |
  | >   a = phi [entry: 1], [body: b]        ||not live: i0=0 i1=5 c=0           |
  | >   b = phi [entry: 2], [body: a]        |+----------------------------------+
  | >   i = phi [entry: i0], [body: i1]      |+ edge head <- body ---------------+
  | >   c = lt i, n                          ||head <- body   step 12            |
  | >   branch c, body, exit                 ||(a, b, i) := (b, a, i1)           |
  |   body:                                  ||1. read all        2. write all   |
  |     i1 = add i, 1                        ||   a reads b  = 2  a: 1 -> 2      |
  |     jump head                            ||   b reads a  = 1  b: 2 -> 1      |
  |=>*exit:                                  ||   i reads i1 = 5  i: 4 -> 5      |
  |     t = mul a, 10                        ||                                  |
  +------------------------------- v 2 more -++----------------------------------+
  + log -------------------------------------------------------------------------+
  |breakpoint: exit                                                              |
  |after 12 blocks: about to enter exit from head                                |
  |back to step 11                                                               |
  |[12] head <- body                                                             |
  +------------------------------------------------------------------ ^ 4 above -+
   swap | stage input | step 12 | K=4 | running at exit   ?:keys  ::command...
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

The first `i` enters entry, which has no phis: nothing is written.

  $ minicc --tui-script ':break exit<Enter>i' --size 80x24 ../../share/minicc/examples/swap.ir 5
  + *IR swap [input] ------------------------++ values --------------------------+
  |   entry:                                 ||  n  = 5                          |
  |=>   i0 = copy 0                          ||                                  |
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
  |  *exit:                                  ||                                  |
  |     t = mul a, 10                        ||                                  |
  +------------------------------- v 2 more -++----------------------------------+
  + log -------------------------------------------------------------------------+
  |loaded ../../share/minicc/examples/swap.ir: 1 function; showing swap          |
  |minicc> break exit                                                            |
  |breakpoint at exit                                                            |
  |[1] entry                                                                     |
  +------------------------------------------------------------------------------+
   swap | stage input | step 1 | K=4 | running at entry   ?:keys  ::command...
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

`i` after `c` and `b` enters head from body: its phis are the unit.

  $ minicc --tui-script ':break exit<Enter>cbi' --size 80x24 ../../share/minicc/examples/swap.ir 5
  + *IR swap [input] ------------------------++ values --------------------------+
  |   entry:                                 ||  n  = 5                          |
  |     i0 = copy 0                          ||* a  = 2   (was 1)                |
  |     jump head                            ||* b  = 1   (was 2)                |
  |   head:                                  ||* i  = 5   (was 4)                |
  | >   a = phi [entry: 1], [body: b]        ||not live: i0=0 i1=5 c=1           |
  | >   b = phi [entry: 2], [body: a]        |+----------------------------------+
  | >   i = phi [entry: i0], [body: i1]      |+ edge head <- body ---------------+
  |=>   c = lt i, n                          ||head <- body   step 12            |
  |     branch c, body, exit                 ||(a, b, i) := (b, a, i1)           |
  |   body:                                  ||1. read all        2. write all   |
  |     i1 = add i, 1                        ||   a reads b  = 2  a: 1 -> 2      |
  |     jump head                            ||   b reads a  = 1  b: 2 -> 1      |
  |  *exit:                                  ||   i reads i1 = 5  i: 4 -> 5      |
  |     t = mul a, 10                        ||                                  |
  +------------------------------- v 2 more -++----------------------------------+
  + log -------------------------------------------------------------------------+
  |breakpoint: exit                                                              |
  |after 12 blocks: about to enter exit from head                                |
  |back to step 11                                                               |
  |[12] head <- body                                                             |
  +------------------------------------------------------------------ ^ 4 above -+
   swap | stage input | step 12 | K=4 | running at head   ?:keys  ::command...
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

`r` after new arguments restarts with n = 7: no step has run, so nothing is
marked, not even n.

  $ minicc --tui-script ':break exit<Enter>c:args 7<Enter>r' --size 80x24 ../../share/minicc/examples/swap.ir 5
  + *IR swap [input] ------------------------++ values --------------------------+
  |=> entry:                                 ||  n  = 7                          |
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
  |  *exit:                                  ||                                  |
  |     t = mul a, 10                        ||                                  |
  +------------------------------- v 2 more -++----------------------------------+
  + log -------------------------------------------------------------------------+
  |after 12 blocks: about to enter exit from head                                |
  |minicc> args 7                                                                |
  |args: 7                                                                       |
  |restarted: about to enter entry                                               |
  +------------------------------------------------------------------ ^ 5 above -+
   step 0 at entry K=4   restarted: about to enter entry
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys
