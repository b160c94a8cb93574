The alloc layout (`l`): the interference graph for the budget K as an
adjacency matrix, nodes with their register (spilled ones marked `!` with
their slot), the colouring order, and where every value lives with the
spill traffic of the last run of the allocated machine. `-` and `+` change
K and everything is recomputed.

  $ minicc --tui-script l ../../share/minicc/examples/swap.ir 3
  + *interference K=4 (improved) ----------------++ registers K=4 ---------------+
  |10 nodes, 21 edges, 1 spilled                 ||n       -> slot0              |
  |registers: r0 r1 r2 r3  x! spilled            ||i0      -> r3  (= i)          |
  |                  1 2 3 4 5 6 7 8 9 0         ||a       -> r1                 |
  | 1 n!      slot0  \ x x x x x x . . x         ||b       -> r2                 |
  | 2 i0      r3     x \ x x . . . . . .         ||i       -> r3                 |
  | 3 a       r1     x x \ x x x x . . x         ||i1      -> r3  (= i)          |
  | 4 b       r2     x x x \ x x x x . x         ||c       -> r0                 |
  | 5 i       r3     x . x x \ . x . . x         ||t       -> r0                 |
  | 6 i1      r3     x . x x . \ . . . .         ||r       -> r0                 |
  | 7 c       r0     x . x x x . \ . . .         ||$cycle1 -> r0                 |
  | 8 t       r0     . . . x . . . \ . .         ||4 of 4 registers used, 1 slot |
  | 9 r       r0     . . . . . . . . \ .         ||last machine run (K=4):       |
  |10 $cycle1 r0     x . x x x . . . . \         ||return 21                     |
  |colouring order:                              ||spill reads 4, writes 1       |
  |1.c 2.a 3.b 4.i 5.$cycle1 6.n! 7.r 8.t        ||instructions 21, copies 11    |
  |                                              ||                              |
  +----------------------------------------------++------------------------------+
  + log -------------------------------------------------------------------------+
  |loaded ../../share/minicc/examples/swap.ir: 1 function; showing swap          |
  |                                                                              |
  +------------------------------------------------------------------------------+
   swap | stage input | step 0 | K=4 | not started   layout alloc
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

  $ minicc --tui-script l- ../../share/minicc/examples/swap.ir 3
  + *interference K=3 (improved) ----------------++ registers K=3 ---------------+
  |10 nodes, 21 edges, 2 spilled                 ||n       -> slot1              |
  |registers: r0 r1 r2  x! spilled               ||i0      -> r2  (= i)          |
  |                  1 2 3 4 5 6 7 8 9 0         ||a       -> slot0              |
  | 1 n!      slot1  \ x x x x x x . . x         ||b       -> r1                 |
  | 2 i0      r2     x \ x x . . . . . .         ||i       -> r2                 |
  | 3 a!      slot0  x x \ x x x x . . x         ||i1      -> r2  (= i)          |
  | 4 b       r1     x x x \ x x x x . x         ||c       -> r0                 |
  | 5 i       r2     x . x x \ . x . . x         ||t       -> r0                 |
  | 6 i1      r2     x . x x . \ . . . .         ||r       -> r0                 |
  | 7 c       r0     x . x x x . \ . . .         ||$cycle1 -> r0                 |
  | 8 t       r0     . . . x . . . \ . .         ||3 of 3 registers used, 2 slots|
  | 9 r       r0     . . . . . . . . \ .         ||last machine run (K=3):       |
  |10 $cycle1 r0     x . x x x . . . . \         ||return 21                     |
  |colouring order:                              ||spill reads 8, writes 5       |
  |1.c 2.b 3.i 4.$cycle1 5.a! 6.n! 7.r 8.t       ||instructions 21, copies 11    |
  |                                              ||                              |
  +----------------------------------------------++------------------------------+
  + log -------------------------------------------------------------------------+
  |loaded ../../share/minicc/examples/swap.ir: 1 function; showing swap          |
  |K = 3: 2 values spilled to 2 slots                                            |
  +------------------------------------------------------------------------------+
   swap | stage input | step 0 | K=3 | not started   K = 3: 2 values spilled to 2
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

  $ minicc --tui-script l---- ../../share/minicc/examples/swap.ir 3 | sed -n '1,3p;18,23p'
  + *interference K=1 (improved) ----------------++ registers K=1 ---------------+
  |10 nodes, 21 edges, 5 spilled                 ||n       -> slot3              |
  |registers: r0  x! spilled                     ||i0      -> r0  (= i)          |
  +----------------------------------------------++------------------------------+
  + log -------------------------------------------------------------------------+
  |K = 2: 3 values spilled to 3 slots                                            |
  |K = 1: 5 values spilled to 4 slots                                            |
  +------------------------------------------------------------------------------+
   swap | stage input | step 0 | K=1 | not started   K is already 1

  $ minicc --tui-script l++ ../../share/minicc/examples/swap.ir 3 | tail -3
  +------------------------------------------------------------------------------+
   swap | stage input | step 0 | K=6 | not started   K = 6: 0 values spilled to 0
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

The C layout: the generated C, and `x` compiles and runs it natively.

  $ minicc --tui-script llx ../../share/minicc/examples/swap.ir 3 | sed -n '1,6p'
  + *IR swap [input] ----------------++ C (from ssa) ----------------------------+
  |   entry:                         ||last native run:                          |
  |     i0 = copy 0                  ||return 21                                 |
  |     jump head                    ||----                                      |
  |   head:                          ||/* Generated by minicc from function swap |
  |     a = phi [entry: 1], [body: b]|| * i32 arithmetic wraps through uint32_t; |

  $ minicc --tui-script 'll<Tab><PgDn><PgDn>' ../../share/minicc/examples/swap.ir 3 | sed -n '1,3p'
  + IR swap [input] -----------------++ *C (from ssa) ---------------------------+
  |   entry:                         ||    v2 = 1;                               |
  |     i0 = copy 0                  ||    v3 = 2;                               |
