The allocation trace: every decision of the allocator in order (golden
tests on swap, share/minicc/examples/swap.ir, at K=2 and K=4 with both
allocators). The last line replays the trace and compares the assignment
it arrives at with the one the machine uses.

  $ cmp ../../share/minicc/examples/swap.ir swap.ir

Baseline, K=2: the chapter's order (descending degree, ties by name), the
lowest free register or a fresh slot.

  $ minicc print swap.ir --stage allocated --regs 2 --allocator baseline --trace-alloc | sed '/^# baseline allocation of/,$d'
  # baseline allocation trace of swap, K=2
  order: descending degree, ties by name; lowest free register, else a new slot
    next n (degree 11)
    colour n -> r0
    next a (degree 10)
    colour a -> r1
    next b (degree 8)
    colour b: no free register
    spill b -> slot0 (new)
    next $edge1_copy2 (degree 5)
    colour $edge1_copy2: no free register
    spill $edge1_copy2 -> slot1 (new)
    next $edge2_copy0 (degree 5)
    colour $edge2_copy0: no free register
    spill $edge2_copy0 -> slot2 (new)
    next $edge2_copy1 (degree 5)
    colour $edge2_copy1: no free register
    spill $edge2_copy1 -> slot3 (new)
    next $edge2_copy2 (degree 5)
    colour $edge2_copy2: no free register
    spill $edge2_copy2 -> slot4 (new)
    next i1 (degree 5)
    colour i1: no free register
    spill i1 -> slot5 (new)
    next $edge1_copy1 (degree 4)
    colour $edge1_copy1: no free register
    spill $edge1_copy1 -> slot6 (new)
    next c (degree 4)
    colour c: no free register
    spill c -> slot7 (new)
    next i (degree 4)
    colour i: no free register
    spill i -> slot8 (new)
    next $edge1_copy0 (degree 3)
    colour $edge1_copy0 -> r1
    next t (degree 1)
    colour t -> r0
    next r (degree 0)
    colour r -> r0
  trace replay: the assignment is the machine's

Baseline, K=4.

  $ minicc print swap.ir --stage allocated --regs 4 --allocator baseline --trace-alloc | sed '/^# baseline allocation of/,$d'
  # baseline allocation trace of swap, K=4
  order: descending degree, ties by name; lowest free register, else a new slot
    next n (degree 11)
    colour n -> r0
    next a (degree 10)
    colour a -> r1
    next b (degree 8)
    colour b -> r2
    next $edge1_copy2 (degree 5)
    colour $edge1_copy2 -> r3
    next $edge2_copy0 (degree 5)
    colour $edge2_copy0 -> r2
    next $edge2_copy1 (degree 5)
    colour $edge2_copy1 -> r3
    next $edge2_copy2 (degree 5)
    colour $edge2_copy2: no free register
    spill $edge2_copy2 -> slot0 (new)
    next i1 (degree 5)
    colour i1: no free register
    spill i1 -> slot1 (new)
    next $edge1_copy1 (degree 4)
    colour $edge1_copy1 -> r2
    next c (degree 4)
    colour c -> r3
    next i (degree 4)
    colour i: no free register
    spill i -> slot2 (new)
    next $edge1_copy0 (degree 3)
    colour $edge1_copy0 -> r1
    next t (degree 1)
    colour t -> r0
    next r (degree 0)
    colour r -> r0
  trace replay: the assignment is the machine's

Improved, K=2: spill costs with their terms, each variant with its
coalescing tests and, per spill metric, the simplify stack and the colours;
the winner; every variant allocated alone with its estimated traffic and
the traffic the machine measures (run passes the arguments).

  $ minicc run swap.ir --stage alloc --regs 2 --trace-alloc -- 3
  # improved allocation trace of swap, K=2
  spill costs: uses + defs, each x its block's weight (10^loop depth x probability), + 1 for a bound parameter
    cost n: + 1 x 10 (head) = 10
    cost n: + 1 (bound parameter) = 11
    cost n = 11
    cost a: + 1 x 1 (entry) = 1
    cost a: + 2 x 10 (body) = 21
    cost a: + 1 x 1 (exit) = 22
    cost a = 22
    cost b: + 1 x 1 (entry) = 1
    cost b: + 2 x 10 (body) = 21
    cost b: + 1 x 1 (exit) = 22
    cost b = 22
    cost i: + 1 x 1 (entry) = 1
    cost i: + 1 x 10 (head) = 11
    cost i: + 2 x 10 (body) = 31
    cost i = 31
    cost i1: + 2 x 10 (body) = 20
    cost i1 = 20
    cost c: + 2 x 10 (head) = 20
    cost c = 20
    cost t: + 2 x 1 (exit) = 2
    cost t = 2
    cost r: + 2 x 1 (exit) = 2
    cost r = 2
    cost $cycle1: + 2 x 10 (body) = 20
    cost $cycle1 = 20
  variant coalesce
    move b <- $cycle1: they interfere: refused
    move a <- b: they interfere: refused
    move $cycle1 <- a: they interfere: refused
    move i <- i1: Briggs: 5 significant neighbours >= K=2: try George
    move i <- i1: George (neighbours of i1 vs i): 0 significant and not adjacent: merged into i
    metric cost/degree:
      push t (degree 1 < K=2)
      push r (degree 0 < K=2)
      push n (degree 5 >= K=2, optimistic, metric 2.2)
      push a (degree 4 >= K=2, optimistic, metric 5.5)
      push b (degree 3 >= K=2, optimistic, metric 7.33333)
      push $cycle1 (degree 1 < K=2)
      push i (degree 1 < K=2)
      push c (degree 0 < K=2)
      colour c -> r0
      colour i -> r1
      colour $cycle1 -> r0
      colour b: no free register
      colour a: no free register
      colour n: no free register
      colour r -> r0
      colour t -> r0
    metric cost/degree: spilled cost 55 (best so far)
    metric cost/degree2:
      push t (degree 1 < K=2)
      push r (degree 0 < K=2)
      push n (degree 5 >= K=2, optimistic, metric 0.44)
      push a (degree 4 >= K=2, optimistic, metric 1.375)
      push b (degree 3 >= K=2, optimistic, metric 2.44444)
      push $cycle1 (degree 1 < K=2)
      push i (degree 1 < K=2)
      push c (degree 0 < K=2)
      colour c -> r0
      colour i -> r1
      colour $cycle1 -> r0
      colour b: no free register
      colour a: no free register
      colour n: no free register
      colour r -> r0
      colour t -> r0
    metric cost/degree2: spilled cost 55
    metric cost:
      push t (degree 1 < K=2)
      push r (degree 0 < K=2)
      push n (degree 5 >= K=2, optimistic, metric 11)
      push c (degree 3 >= K=2, optimistic, metric 20)
      push $cycle1 (degree 3 >= K=2, optimistic, metric 20)
      push a (degree 2 >= K=2, optimistic, metric 22)
      push i (degree 1 < K=2)
      push b (degree 0 < K=2)
      colour b -> r0
      colour i -> r1
      colour a: no free register
      colour $cycle1: no free register
      colour c: no free register
      colour n: no free register
      colour r -> r0
      colour t -> r1
    metric cost: spilled cost 73
    spill a -> slot0 (new)
    spill b -> slot1 (new)
    spill n -> slot2 (new)
    variant coalesce: estimated traffic 55.033 (best so far)
  variant no-coalesce
    metric cost/degree:
      push t (degree 1 < K=2)
      push r (degree 0 < K=2)
      push n (degree 6 >= K=2, optimistic, metric 1.83333)
      push a (degree 5 >= K=2, optimistic, metric 4.4)
      push i1 (degree 1 < K=2)
      push b (degree 3 >= K=2, optimistic, metric 7.33333)
      push $cycle1 (degree 1 < K=2)
      push i (degree 1 < K=2)
      push c (degree 0 < K=2)
      colour c -> r0
      colour i -> r1
      colour $cycle1 -> r0
      colour b: no free register
      colour i1 -> r1 (biased: copy partner i holds it)
      colour a: no free register
      colour n: no free register
      colour r -> r0
      colour t -> r0
    metric cost/degree: spilled cost 55 (best so far)
    metric cost/degree2:
      push t (degree 1 < K=2)
      push r (degree 0 < K=2)
      push n (degree 6 >= K=2, optimistic, metric 0.305556)
      push a (degree 5 >= K=2, optimistic, metric 0.88)
      push i1 (degree 1 < K=2)
      push b (degree 3 >= K=2, optimistic, metric 2.44444)
      push $cycle1 (degree 1 < K=2)
      push i (degree 1 < K=2)
      push c (degree 0 < K=2)
      colour c -> r0
      colour i -> r1
      colour $cycle1 -> r0
      colour b: no free register
      colour i1 -> r1 (biased: copy partner i holds it)
      colour a: no free register
      colour n: no free register
      colour r -> r0
      colour t -> r0
    metric cost/degree2: spilled cost 55
    metric cost:
      push t (degree 1 < K=2)
      push r (degree 0 < K=2)
      push n (degree 6 >= K=2, optimistic, metric 11)
      push i1 (degree 2 >= K=2, optimistic, metric 20)
      push c (degree 3 >= K=2, optimistic, metric 20)
      push $cycle1 (degree 3 >= K=2, optimistic, metric 20)
      push a (degree 2 >= K=2, optimistic, metric 22)
      push i (degree 1 < K=2)
      push b (degree 0 < K=2)
      colour b -> r0
      colour i -> r1
      colour a: no free register
      colour $cycle1: no free register
      colour c: no free register
      colour i1 -> r1 (biased: copy partner i holds it)
      colour n: no free register
      colour r -> r0
      colour t -> r1
    metric cost: spilled cost 73
    spill a -> slot0 (new)
    spill b -> slot1 (new)
    spill n -> slot2 (new)
    variant no-coalesce: estimated traffic 55.033
  variant degree
    metric chapter:
      next b (degree 7)
      colour b -> r0
      next a (degree 6)
      colour a -> r1
      next n (degree 6)
      colour n: no free register
      next i (degree 5)
      colour i: no free register
      next $cycle1 (degree 4)
      colour $cycle1: no free register
      next c (degree 4)
      colour c: no free register
      next i1 (degree 3)
      colour i1: no free register
      next t (degree 1)
      colour t -> r1
      next r (degree 0)
      colour r -> r0
      recolour b -> spilled (to free a register for i)
      recolour i -> r0 (un-spilled)
      recolour i1 -> r0 (un-spilled)
    metric chapter: spilled cost 73 (best so far)
    spill b -> slot0 (new)
    spill c -> slot1 (new)
    spill $cycle1 -> slot1 (shared with c)
    spill n -> slot2 (new)
    variant degree: estimated traffic 73.033
  winner: variant coalesce, estimated traffic 55.033
  variants, each allocated alone:
    coalesce     estimated 55.033, measured 21 (spill reads + writes)  <- kept
    no-coalesce  estimated 55.033, measured 21 (spill reads + writes)
    degree       estimated 73.033, measured 27 (spill reads + writes)
  trace replay: the assignment is the machine's
  return 21

Improved, K=4.

  $ minicc run swap.ir --stage alloc --regs 4 --trace-alloc -- 3
  # improved allocation trace of swap, K=4
  spill costs: uses + defs, each x its block's weight (10^loop depth x probability), + 1 for a bound parameter
    cost n: + 1 x 10 (head) = 10
    cost n: + 1 (bound parameter) = 11
    cost n = 11
    cost a: + 1 x 1 (entry) = 1
    cost a: + 2 x 10 (body) = 21
    cost a: + 1 x 1 (exit) = 22
    cost a = 22
    cost b: + 1 x 1 (entry) = 1
    cost b: + 2 x 10 (body) = 21
    cost b: + 1 x 1 (exit) = 22
    cost b = 22
    cost i: + 1 x 1 (entry) = 1
    cost i: + 1 x 10 (head) = 11
    cost i: + 2 x 10 (body) = 31
    cost i = 31
    cost i1: + 2 x 10 (body) = 20
    cost i1 = 20
    cost c: + 2 x 10 (head) = 20
    cost c = 20
    cost t: + 2 x 1 (exit) = 2
    cost t = 2
    cost r: + 2 x 1 (exit) = 2
    cost r = 2
    cost $cycle1: + 2 x 10 (body) = 20
    cost $cycle1 = 20
  variant coalesce
    move b <- $cycle1: they interfere: refused
    move a <- b: they interfere: refused
    move $cycle1 <- a: they interfere: refused
    move i <- i1: Briggs: 5 significant neighbours >= K=4: try George
    move i <- i1: George (neighbours of i1 vs i): 0 significant and not adjacent: merged into i
    metric cost/degree:
      push t (degree 1 < K=4)
      push r (degree 0 < K=4)
      push n (degree 5 >= K=4, optimistic, metric 2.2)
      push $cycle1 (degree 3 < K=4)
      push i (degree 3 < K=4)
      push b (degree 2 < K=4)
      push a (degree 1 < K=4)
      push c (degree 0 < K=4)
      colour c -> r0
      colour a -> r1
      colour b -> r2
      colour i -> r3
      colour $cycle1 -> r0
      colour n: no free register
      colour r -> r0
      colour t -> r0
    metric cost/degree: spilled cost 11 (best so far)
    metric cost/degree2:
      push t (degree 1 < K=4)
      push r (degree 0 < K=4)
      push n (degree 5 >= K=4, optimistic, metric 0.44)
      push $cycle1 (degree 3 < K=4)
      push i (degree 3 < K=4)
      push b (degree 2 < K=4)
      push a (degree 1 < K=4)
      push c (degree 0 < K=4)
      colour c -> r0
      colour a -> r1
      colour b -> r2
      colour i -> r3
      colour $cycle1 -> r0
      colour n: no free register
      colour r -> r0
      colour t -> r0
    metric cost/degree2: spilled cost 11
    metric cost:
      push t (degree 1 < K=4)
      push r (degree 0 < K=4)
      push n (degree 5 >= K=4, optimistic, metric 11)
      push $cycle1 (degree 3 < K=4)
      push i (degree 3 < K=4)
      push b (degree 2 < K=4)
      push a (degree 1 < K=4)
      push c (degree 0 < K=4)
      colour c -> r0
      colour a -> r1
      colour b -> r2
      colour i -> r3
      colour $cycle1 -> r0
      colour n: no free register
      colour r -> r0
      colour t -> r0
    metric cost: spilled cost 11
    spill n -> slot0 (new)
    variant coalesce: estimated traffic 11.033 (best so far)
  variant no-coalesce
    metric cost/degree:
      push i1 (degree 3 < K=4)
      push t (degree 1 < K=4)
      push r (degree 0 < K=4)
      push n (degree 5 >= K=4, optimistic, metric 2.2)
      push $cycle1 (degree 3 < K=4)
      push i (degree 3 < K=4)
      push b (degree 2 < K=4)
      push a (degree 1 < K=4)
      push c (degree 0 < K=4)
      colour c -> r0
      colour a -> r1
      colour b -> r2
      colour i -> r3
      colour $cycle1 -> r0
      colour n: no free register
      colour r -> r0
      colour t -> r0
      colour i1 -> r3 (biased: copy partner i holds it)
    metric cost/degree: spilled cost 11 (best so far)
    metric cost/degree2:
      push i1 (degree 3 < K=4)
      push t (degree 1 < K=4)
      push r (degree 0 < K=4)
      push n (degree 5 >= K=4, optimistic, metric 0.44)
      push $cycle1 (degree 3 < K=4)
      push i (degree 3 < K=4)
      push b (degree 2 < K=4)
      push a (degree 1 < K=4)
      push c (degree 0 < K=4)
      colour c -> r0
      colour a -> r1
      colour b -> r2
      colour i -> r3
      colour $cycle1 -> r0
      colour n: no free register
      colour r -> r0
      colour t -> r0
      colour i1 -> r3 (biased: copy partner i holds it)
    metric cost/degree2: spilled cost 11
    metric cost:
      push i1 (degree 3 < K=4)
      push t (degree 1 < K=4)
      push r (degree 0 < K=4)
      push n (degree 5 >= K=4, optimistic, metric 11)
      push $cycle1 (degree 3 < K=4)
      push i (degree 3 < K=4)
      push b (degree 2 < K=4)
      push a (degree 1 < K=4)
      push c (degree 0 < K=4)
      colour c -> r0
      colour a -> r1
      colour b -> r2
      colour i -> r3
      colour $cycle1 -> r0
      colour n: no free register
      colour r -> r0
      colour t -> r0
      colour i1 -> r3 (biased: copy partner i holds it)
    metric cost: spilled cost 11
    spill n -> slot0 (new)
    variant no-coalesce: estimated traffic 11.033
  variant degree
    metric chapter:
      next b (degree 7)
      colour b -> r0
      next a (degree 6)
      colour a -> r1
      next n (degree 6)
      colour n -> r2
      next i (degree 5)
      colour i -> r3
      next $cycle1 (degree 4)
      colour $cycle1: no free register
      next c (degree 4)
      colour c: no free register
      next i1 (degree 3)
      colour i1 -> r3
      next t (degree 1)
      colour t -> r1
      next r (degree 0)
      colour r -> r0
      recolour n -> spilled (to free a register for c)
      recolour c -> r2 (un-spilled)
      recolour $cycle1 -> r2 (un-spilled)
    metric chapter: spilled cost 11 (best so far)
    spill n -> slot0 (new)
    variant degree: estimated traffic 11.033
  winner: variant coalesce, estimated traffic 11.033
  variants, each allocated alone:
    coalesce     estimated 11.033, measured 5 (spill reads + writes)  <- kept
    no-coalesce  estimated 11.033, measured 5 (spill reads + writes)
    degree       estimated 11.033, measured 5 (spill reads + writes)
  trace replay: the assignment is the machine's
  return 21

At the prompt: alloc K [ALLOCATOR] --trace, under the switches of set alloc.

  $ minicc swap.ir <<'IN'
  > args 3
  > set alloc no-bias,variant=no-coalesce,metric=cost
  > alloc 4 --trace
  > alloc 2 baseline --trace extra
  > IN
  loaded swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  args: 3
  alloc bias=off,metric=cost,variant=no-coalesce
  # improved allocation trace of swap, K=4
  spill costs: uses + defs, each x its block's weight (10^loop depth x probability), + 1 for a bound parameter
    cost n: + 1 x 10 (head) = 10
    cost n: + 1 (bound parameter) = 11
    cost n = 11
    cost i0: + 2 x 1 (entry) = 2
    cost i0 = 2
    cost a: + 1 x 1 (entry) = 1
    cost a: + 2 x 10 (body) = 21
    cost a: + 1 x 1 (exit) = 22
    cost a = 22
    cost b: + 1 x 1 (entry) = 1
    cost b: + 2 x 10 (body) = 21
    cost b: + 1 x 1 (exit) = 22
    cost b = 22
    cost i: + 1 x 1 (entry) = 1
    cost i: + 1 x 10 (head) = 11
    cost i: + 2 x 10 (body) = 31
    cost i = 31
    cost i1: + 2 x 10 (body) = 20
    cost i1 = 20
    cost c: + 2 x 10 (head) = 20
    cost c = 20
    cost t: + 2 x 1 (exit) = 2
    cost t = 2
    cost r: + 2 x 1 (exit) = 2
    cost r = 2
    cost $cycle1: + 2 x 10 (body) = 20
    cost $cycle1 = 20
  variant no-coalesce
    metric cost:
      push i0 (degree 3 < K=4)
      push i1 (degree 3 < K=4)
      push t (degree 1 < K=4)
      push r (degree 0 < K=4)
      push n (degree 5 >= K=4, optimistic, metric 11)
      push $cycle1 (degree 3 < K=4)
      push i (degree 3 < K=4)
      push b (degree 2 < K=4)
      push a (degree 1 < K=4)
      push c (degree 0 < K=4)
      colour c -> r0
      colour a -> r1
      colour b -> r2
      colour i -> r3
      colour $cycle1 -> r0
      colour n: no free register
      colour r -> r0
      colour t -> r0
      colour i1 -> r0
      colour i0 -> r0
    metric cost: spilled cost 11 (best so far)
    spill n -> slot0 (new)
    variant no-coalesce: estimated traffic 11.044 (best so far)
  winner: variant no-coalesce, estimated traffic 11.044
  variants, each allocated alone:
    coalesce     estimated 11.033, measured 5 (spill reads + writes)
    no-coalesce  estimated 11.044, measured 5 (spill reads + writes)  <- kept
    degree       estimated 11.033, measured 5 (spill reads + writes)
  trace replay: the assignment is the machine's
  alloc (improved, K = 4): 10 nodes, 4 registers used, 1 spilled to 1 slot
  <stdin>:4: error: alloc: unexpected argument 'extra' (see: help alloc)
  [1]
