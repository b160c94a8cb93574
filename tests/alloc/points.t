Per-point liveness and register pressure (issue 16 §1): the live set after
every point and its pressure [N] (the values live after it plus what it
defines). swap.ir's SSA form has MaxLive 5 after `c = lt i, n` (n, a, b, i
and c all live), which is why `alloc 5 ssa` spills nothing and K = 4 must
spill (tests/alloc/linear_ssa.t). The output still parses.

  $ minicc print swap.ir --stage ssa -O0 --live
  # MaxLive 5 in head, after c = lt i, n
  # per block: entry 2 head 5 body 4 exit 2
  # [N]: values live after the point plus what it defines (a result nobody reads counts there)
  func swap(i32 n) {
  entry:
      # live: n  [1]
      i0 = copy 0
      # live: n i0  [2] <- block max
      jump head
  head:
      a = phi [entry: 1], [body: b]
      b = phi [entry: 2], [body: a]
      i = phi [entry: i0], [body: i1]
      # live: n a b i  [4]
      c = lt i, n
      # live: n a b i c  [5] <- MaxLive
      branch c, body, exit
  body:
      # live: n a b i  [4] <- block max
      i1 = add i, 1
      # live: n a b i1  [4]
      jump head
  exit:
      # live: a b  [2] <- block max
      t = mul a, 10
      # live: b t  [2]
      r = add t, b
      # live: r  [1]
      return r
  }
  $ minicc print swap.ir --stage ssa -O0 --live | minicc parse - | head -2
  func swap(i32 n) {
  entry:

After phi destruction the edge copies are points of their own; the swap's
cycle holds four values at every point of body:

  $ minicc print swap.ir --stage destroyed -O0 --live | sed -n '1,2p;/^body:/,/jump head/p'
  # MaxLive 5 in head, after c = lt i, n
  # per block: entry 4 head 5 body 4 exit 2
  body:
      # live: n a b i  [4] <- block max
      i1 = add i, 1
      # live: n a b i1  [4]
      i = copy i1
      # live: n a b i  [4]
      $cycle1 = copy a
      # live: n b i $cycle1  [4]
      a = copy b
      # live: n a i $cycle1  [4]
      b = copy $cycle1
      # live: n a b i  [4]
      jump head

A result nobody reads still counts where it is written (d below: pressure
2 after it although only x is live):

  $ printf 'func f(i32 x) {\nentry:\n    d = add x, 1\n    return x\n}\n' > dead.ir
  $ minicc print dead.ir --live
  # MaxLive 2 in entry, after d = add x, 1
  # per block: entry 2
  # [N]: values live after the point plus what it defines (a result nobody reads counts there)
  func f(i32 x) {
  entry:
      # live: x  [1]
      d = add x, 1
      # live: x  [2] <- MaxLive
      return x
  }
  $ minicc print swap.ir --stage allocated --live
  minicc print: error: --live needs --stage input, ssa, opt or destroyed
  [2]
  $ minicc -c 'load swap.ir; live --points opt' | head -4
  loaded swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  # MaxLive 5 in head, after c = lt i, n
  # per block: entry 1 head 5 body 4 exit 2
  $ minicc -c 'load swap.ir; live --points bogus'
  loaded swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  -c:2: error: live: unknown form 'bogus' (input, ssa, opt, destroyed)
  [1]
  $ minicc -c 'load swap.ir; live --points ssa extra'
  loaded swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  -c:2: error: live: unexpected argument 'extra' (see: help live)
  [1]

Why two values interfere (`interference --why X Y`): the earliest point
where one is defined while the other is live, the parameter rule, or why
not. In copyex.ir `y = copy x` leaves x live: the chapter's graph
(baseline) makes them interfere there; the others apply the copy exception,
and improved then coalesces them into one register.

  $ cat copyex.ir
  func cp(i32 x) {
  entry:
      y = copy x
      z = add x, y
      w = add z, x
      return w
  }
  $ minicc -c 'load copyex.ir; alloc 2 baseline; interference --why x y; alloc 2 improved; interference --why y x; interference --why z w'
  loaded copyex.ir: 1 function
  cp(i32 x): SSA form, 1 block
  alloc (baseline, K = 2): 4 nodes, 2 registers used, 0 spilled to 0 slots
  x and y interfere: y is defined at entry: y = copy x
    while x is live after it (they need different locations)
    x -> r0, y -> r1 (baseline allocator, K = 2)
  alloc (improved, K = 2): 4 nodes, 2 registers used, 0 spilled to 0 slots, 1 coalesced, 1 copy removed
  y and x do not interfere: only at entry: y = copy x
    is one defined while the other is live, and there both hold the same value
    (Chaitin's copy exception)
    y -> r1, x -> r1 (improved allocator, K = 2)
  z and w do not interfere: neither is defined where the other is live
    z -> r0, w -> r0 (improved allocator, K = 2)
  $ minicc -c 'load swap.ir; alloc 4 linear; interference --why n c; interference --why a b'
  loaded swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  alloc (linear, K = 4): 10 nodes, 4 registers used, 1 spilled to 1 slot, 1 copy removed
  n and c interfere: c is defined at head: c = lt i, n
    while n is live after it (they need different locations)
    n -> r0, c -> r3 (linear allocator, K = 4)
  a and b interfere: b is defined at entry: b = copy 2
    while a is live after it (they need different locations)
    a -> r2, b -> slot0 (linear allocator, K = 4)
  $ minicc -c 'load params.ir; alloc 2 baseline; interference --why a b; alloc 2 improved; interference --why a b'
  loaded params.ir: 1 function
  params(i32 a, i32 b, i32 c): SSA form, 1 block
  alloc (baseline, K = 2): 4 nodes, 2 registers used, 1 spilled to 1 slot
  a and b interfere: both are parameters, and the chapter's graph connects every scalar
    parameter to every other (they are written together before the entry block)
    a -> r0, b -> r1 (baseline allocator, K = 2)
  alloc (improved, K = 2): 2 nodes, 1 register used, 0 spilled to 0 slots
  a and b do not interfere: neither is defined where the other is live
    (a parameter not live on entry is not written there, so the two are not bound together)
    a -> -, b -> - (improved allocator, K = 2)
  $ minicc <<'EOF'
  > load swap.ir
  > interference --why a
  > interference --why a nosuch
  > interference --why a b c
  > EOF
  loaded swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  <stdin>:2: error: interference: --why needs two value names
  <stdin>:3: error: interference: no value 'nosuch' in the allocated function
  <stdin>:4: error: interference: unexpected argument 'c' (see: help interference)
  [1]

Live intervals as a picture (`intervals`): one row per value over the
linear order linear scan works in, blocks in reverse postorder. In
diamond.ir a and b die in `less` at `d1 = sub b, a` but are read again in
`more`, laid out after it: the rest of `less` is a hole (.) in their
intervals. b is linear scan's spill at K = 2 (#).

  $ minicc -c 'load ../ir/diamond.ir; alloc 2 linear; intervals'
  loaded ../ir/diamond.ir: 1 function
  diamond(i32 a, i32 b): SSA form, 4 blocks
  alloc (linear, K = 2): 7 nodes, 2 registers used, 1 spilled to 1 slot, 1 copy removed
  # live intervals of diamond (linear, K = 2): 7 values over 10 instructions in reverse postorder
            entry less     more     join
            |-----|--------|--------|-----
  a  r0     =========......===
  b  slot0  #########......###
  c  r1     ======
  d1 r1     :     ======
  d  r1     :     :  ======...=========
  d2 r0     :     :        ======
  r  r0     :     :        :        ======
  # = live in a register, # live in a slot, . a hole (inside the interval, not live), | a block starts;
  # every allocator keeps a value in one location for its whole life (no splitting)
  $ minicc -c 'load swap.ir; alloc 2 ssa; intervals 10'
  loaded swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  alloc (ssa, K = 2): 10 nodes, 2 registers used, 3 spilled to 4 slots, 1 copy removed, 1 slot only for copy cycles
  # live intervals of swap (ssa, K = 2): 10 values over 16 instructions in reverse postorder, 2 instructions a column
                 enhbodex
                 |-||--|-
  n       slot0  #######
  i0      r0     ==
  b       slot1  ########
  i       r1     :======
  a       r0     :======
  c       slot2  : ##
  i1      r1     : :==
  $cycle1 slot3  : ::##
  t       r0     : ::  ==
  r       r0     : ::  :=
  # = live in a register, # live in a slot, . a hole (inside the interval, not live), | a block starts;
  # every allocator keeps a value in one location for its whole life (no splitting)
  $ minicc -c 'load swap.ir; intervals 7'
  loaded swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  -c:2: error: intervals: 7 is out of range (8..4096)
  [1]
  $ minicc -c 'load swap.ir; intervals 8 9'
  loaded swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  -c:2: error: intervals: unexpected argument '9' (see: help intervals)
  [1]

In the workbench, `:layout intervals` shows the same bars next to the
registers (registers in their colours, slots in the spill colour):

  $ minicc --tui-script ':layout intervals<Enter>' --size 110x30 swap.ir 3 | sed -n '1,6p'
  + *intervals K=4 (improved) ------------------------------------------------++ registers K=4 [destroyed] ----+
  |10 values, 16 instructions                                                 ||n       -> slot0               |
  |               entry          head  body              exit                 ||i0      -> r3  (= i)           |
  |               |--------------|-----|-----------------|--------            ||a       -> r1                  |
  |n       slot0  #######################################:                    ||b       -> r2                  |
  |i0      r3     ============   :     :                 :                    ||i       -> r3                  |

The workbench's IR pane shows the same pressure in a column with `p` (the
function's MaxLive point marked <; here at stage ssa after `v`):

  $ minicc --tui-script 'vp' --size 100x30 swap.ir 3 | sed -n '1,12p'
  + *IR swap [ssa] MaxLive 5 ---------------------------++ values -----------------------------------+
  |   entry:                                          1 ||not started (n steps)                      |
  |     i0 = copy 0                                   2 ||args: 3                                    |
  |     jump head                                       ||                                           |
  |   head:                                             ||                                           |
  |     a = phi [entry: 1], [body: b]                   ||                                           |
  |     b = phi [entry: 2], [body: a]                   ||                                           |
  |     i = phi [entry: i0], [body: i1]               4 ||                                           |
  |     c = lt i, n                                   5<||                                           |
  |     branch c, body, exit                            ||                                           |
  |   body:                                           4 ||                                           |
  |     i1 = add i, 1                                 4 |+-------------------------------------------+

The same answer as a one-shot command: `print --stage allocated --why X,Y`
(at -O1 copy propagation would have removed y):

  $ minicc print copyex.ir --stage allocated --regs 2 --why x,y -O0
  x and y do not interfere: only at entry: y = copy x
    is one defined while the other is live, and there both hold the same value
    (Chaitin's copy exception)
    x -> r1, y -> r1 (improved allocator, K = 2)
  $ minicc print copyex.ir --stage allocated --allocator baseline --why x,y -O0
  x and y interfere: y is defined at entry: y = copy x
    while x is live after it (they need different locations)
    x -> r0, y -> r1 (baseline allocator, K = 4)
  $ minicc print copyex.ir --stage allocated --why x,y
  minicc print: error: --why: no value 'y' in cp after phi destruction
  [2]
  $ minicc print copyex.ir --stage allocated --why x -O0
  minicc print: error: --why expects two value names separated by a comma, got 'x'
  [2]
  $ minicc print copyex.ir --stage ssa --why x,y
  minicc print: error: --why needs --stage allocated
  [2]
