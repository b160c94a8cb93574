The workbench on the extended operations (docs/ir.md §3.1): tests/ir/ops.ir with a
zero divisor. One block step runs the bit operations and their stores, then
the div traps: the IR pane marks it with !!, the values pane shows what was
computed, and the status line and log say why it stopped.

  $ minicc --tui-script 'n' --size 80x24 ../ir/ops.ir -- -7 0 '[0,0,0,0,0,0,0]'
  + *IR ops [input] -------------------------++ values --------------------------+
  |   entry:                                 ||trap: division by zero            |
  | >   x = and a, b                         ||values: a=-7 b=0 x=0 o=-7 e=-7    |
  | >   store out, 0, x                      || l=-7 r=-7                        |
  | >   o = or a, b                          ||* out = [*0, *-7, *-7, *-7, *-7, >|
  | >   store out, 1, o                      ||                                  |
  | >   e = xor a, b                         |+----------------------------------+
  | >   store out, 2, e                      |+ edge ----------------------------+
  | >   l = shl a, b                         ||this function has no phis         |
  | >   store out, 3, l                      ||                                  |
  | >   r = shr a, b                         ||                                  |
  | >   store out, 4, r                      ||                                  |
  |!!   q = div a, b                         ||                                  |
  |     store out, 5, q                      ||                                  |
  |     m = rem a, b                         ||                                  |
  +------------------------------- v 2 more -++----------------------------------+
  + log -------------------------------------------------------------------------+
  |loaded ../ir/ops.ir: 1 function; showing ops                                  |
  |[1] entry                                                                     |
  |trap: division by zero (after 1 block)                                        |
  |                                                                              |
  +------------------------------------------------------------------------------+
   step 1 K=4   trap: division by zero (after 1 block)
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys
