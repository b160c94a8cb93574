The alloc layout (`l`): the interference graph for the budget K (an
adjacency matrix when it fits, else an adjacency list with degrees), every
node with its register, spilled values marked `!` with their slot, the
colouring order, and where every value lives with the spill traffic of the
last run of the allocated machine. `-` and `+` change K; the allocation,
both panes and the machine run are recomputed.

These screens use the chapter's allocator (`set allocator baseline`), whose
every choice docs/ir.md §5 fixes, so the numbers can be checked independently:
tests/alloc/chapter_ref.py (a transcription of the chapter's Python) gives
for swap.ir with n = 3: K=4 slots=3 spill_reads=13 spill_writes=10, K=2
slots=10 reads 30 writes 27, K=1 slots=12 reads 35 writes 32, always
return 21.

  $ minicc --tui-script ':set allocator baseline<Enter>l' --size 120x40 ../../share/minicc/examples/swap.ir 3 | grep -E 'interference|nodes|slots|return|spill reads|instructions' | cut -c 1-120
  + *interference K=4 (baseline) [destroyed] ----------------------------++ registers K=4 [destroyed] -------------------+
  |15 nodes, 38 edges, 3 spilled                                         ||n            -> r0                            |
  |13 $edge2_copy0  r2      x  .  x  .  .  x  .  .  .  .  .  .  \  x  x  ||4 of 4 registers used, 3 slots                |
  |15 $edge2_copy2! slot0   x  .  x  x  .  .  .  .  .  .  .  .  x  x  \  ||return 21                                     |
  |colouring order:                                                      ||spill reads 13, writes 10                     |
  |1.n 2.a 3.b 4.$edge1_copy1 5.$edge1_copy2 6.$edge2_copy0              ||instructions 34, copies 24                    |

  $ minicc --tui-script ':set allocator baseline<Enter>l--' --size 120x40 ../../share/minicc/examples/swap.ir 3 | grep -E 'interference|slots|return|spill reads' | cut -c 1-120
  + *interference K=2 (baseline) [destroyed] ----------------------------++ registers K=2 [destroyed] -------------------+
  |13 $edge2_copy0! slot3   x  .  x  .  .  x  .  .  .  .  .  .  \  x  x  ||2 of 2 registers used, 10 slots               |
  |15 $edge2_copy2! slot5   x  .  x  x  .  .  .  .  .  .  .  .  x  x  \  ||return 21                                     |
  |colouring order:                                                      ||spill reads 30, writes 27                     |
  |K = 3: 7 values spilled to 7 slots                                                                                    |
  |K = 2: 10 values spilled to 10 slots                                                                                  |
   swap | stage input | step 0 | K=2 | not started   K = 2: 10 values spilled to 10 slots

  $ minicc --tui-script ':set allocator baseline<Enter>l---' --size 120x40 ../../share/minicc/examples/swap.ir 3 | grep -E 'slots|return|spill reads|K = ' | cut -c 1-120
  |13 $edge2_copy0! slot4   x  .  x  .  .  x  .  .  .  .  .  .  \  x  x  ||1 of 1 register used, 12 slots                |
  |15 $edge2_copy2! slot6   x  .  x  x  .  .  .  .  .  .  .  .  x  x  \  ||return 21                                     |
  |colouring order:                                                      ||spill reads 35, writes 32                     |
  |K = 3: 7 values spilled to 7 slots                                                                                    |
  |K = 2: 10 values spilled to 10 slots                                                                                  |
  |K = 1: 12 values spilled to 12 slots                                                                                  |
   swap | stage input | step 0 | K=1 | not started   K = 1: 12 values spilled to 12 slots

  $ minicc --tui-script ':set allocator baseline<Enter>l----' --size 120x40 ../../share/minicc/examples/swap.ir 3 | tail -3
  +----------------------------------------------------------------------------------------------------------------------+
   swap | stage input | step 0 | K=1 | not started   K is already 1
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

With the default (improved) allocator the same keys work; swap's loop
head keeps a, b, i, c and n live together, a 5-clique, so K = 4 must spill
one value and K = 5 none.

  $ minicc --tui-script 'l' ../../share/minicc/examples/swap.ir 3 | sed -n '1,2p'
  + *interference K=4 (improved) [destroyed] ----++ registers K=4 [destroyed] ---+
  |10 nodes, 21 edges, 1 spilled                 ||n       -> slot0              |

  $ minicc --tui-script 'l+' ../../share/minicc/examples/swap.ir 3 | sed -n '1,2p'
  + *interference K=5 (improved) [destroyed] ----++ registers K=5 [destroyed] ---+
  |10 nodes, 21 edges, 0 spilled                 ||n       -> r1                 |

The C layout: the generated C, and `x` compiles and runs it natively.

  $ minicc --tui-script llx ../../share/minicc/examples/swap.ir 3 | sed -n '1,6p'
  + *IR swap [input] ----------------++ C (from ssa), native: return 21 ---------+
  |   entry:                         ||static int32_t minicc_fn(int32_t v0_n, in>|
  |     i0 = copy 0                  ||    /* v0: parameter i32 n */             |
  |     jump head                    ||    int32_t v1_i0 = 0; /* i0 */           |
  |   head:                          ||    int32_t v2_a = 0; /* a */             |
  |     a = phi [entry: 1], [body: b]||    int32_t v3_b = 0; /* b */             |

  $ minicc --tui-script 'll<Tab><PgDn><PgDn>' ../../share/minicc/examples/swap.ir 3 | sed -n '1,3p'
  + IR swap [input] -----------------++ *C (from ssa) ---------------------------+
  |   entry:                         ||        int32_t t2 = v5_i1;               |
  |     i0 = copy 0                  ||        v2_a = t0;                        |

At 80 columns a matrix of 10 or more nodes gets 2-column cells, and a
column number of two digits is written downwards, tens above ones, so
column 10 reads `1` over `0`, never `0` alone (13 nodes here: seven
parameters summed in a chain):

  $ awk -v n=7 -f ../alloc/chain.awk > "$CRAMTMP/chain7.ir"
  $ minicc --tui-script 'l' --size 80x30 "$CRAMTMP/chain7.ir" 1 2 3 4 5 6 7 | sed -n '4,6p' | cut -c 1-48
  |                                1 1 1 1       |
  |              1 2 3 4 5 6 7 8 9 0 1 2 3       |
  | 1 p0! slot0  \ x x x x x x . . . . . .       |

A function with calls: the calls pane under the graph and the registers
says what the convention makes of each call (callconv.c): the registers a
call clobbers (the caller-saved ones), the prologue's callee saves into
their save slots, and at each call the values live across it, kept (in a
callee-saved register or a slot) or saved, the saves as parallel moves
around the call in the edge record's style. At 80x24:

  $ minicc --tui-script ':func quicksort<Enter>ll' --size 80x24 ../../share/minicc/examples/quicksort.c | sed -n '8,15p'
  +---------------------------------- v 12 more -++------------------- v 7 more -+
  + calls: 3, convention split --------------------------------------------------+
  |split K=4: a call clobbers r0 r1; r2 r3 callee-saved                          |
  |prologue (save1, save2) := (r2, r3), restored at return                       |
  |47:13 partition: across it lo r2 kept, hi r3 kept                             |
  |48:16 quicksort: across it hi r3 kept, p r1 saved                             |
  |  (save0) := (r1)   call   (r1) := (save0)                                    |
  |48:42 quicksort: across it add.L48.2 r2 kept                                  |

  $ minicc --tui-script ':func quicksort<Enter>:set convention caller-saved<Enter>ll' --size 80x24 ../../share/minicc/examples/quicksort.c | sed -n '8,15p'
  +---------------------------------- v 12 more -++------------------- v 7 more -+
  + calls: 3, convention caller-saved -------------------------------------------+
  |caller-saved K=4: a call clobbers r0 r1 r2 r3; none callee-saved              |
  |prologue: no callee-saved register written                                    |
  |47:13 partition: across it lo r2 saved, hi r1 saved                           |
  |  (save0, save1) := (r2, r1)   call   (r2, r1) := (save0, save1)              |
  |48:16 quicksort: across it hi r1 saved, p r3 saved                            |
  |  (save0, save1) := (r1, r3)   call   (r1, r3) := (save0, save1)              |

  $ minicc --tui-script ':func quicksort<Enter>:set convention callee-saved<Enter>ll' --size 80x24 ../../share/minicc/examples/quicksort.c | sed -n '8,15p'
  | 3 le.L46         r3     x x \ . . . . . . .  ||quicksort.L48  -> r3          |
  +---------------------------------- v 11 more -++------------------- v 6 more -+
  + calls: 3, convention callee-saved -------------------------------------------+
  |callee-saved K=4: a call clobbers none; r0 r1 r2 r3 callee-saved              |
  |prologue (save0, save1, save2, save3) := (r0, r1, r2, r3), restored at return |
  |47:13 partition: across it lo r2 kept, hi r1 kept                             |
  |48:16 quicksort: across it hi r1 kept, p r0 kept                              |
  |48:42 quicksort: across it add.L48.2 r2 kept                                  |

A function without calls keeps the two panes:

  $ minicc --tui-script ':func swap<Enter>ll' --size 80x24 ../../share/minicc/examples/quicksort.c | sed -n '1p;15,16p'
  + *interference K=4 (improved) [destroyed] ----++ registers K=4 [destroyed] ---+
  |                                              ||                              |
  +----------------------------------------------++------------------------------+

Under the planted bug `saves=no-caller` the value the call clobbers is
marked NOT saved and no move surrounds the call (the machine then traps):

  $ minicc --tui-script ':func quicksort<Enter>:set alloc saves=no-caller<Enter>ll' --size 80x24 ../../share/minicc/examples/quicksort.c | sed -n '13,14p'
  |47:13 partition: across it lo r2 kept, hi r3 kept                             |
  |48:16 quicksort: across it hi r3 kept, p r1 NOT saved                         |
