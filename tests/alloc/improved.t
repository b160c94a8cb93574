The improved allocator (the default): critical edges split only, each
parallel copy sequentialized with one scratch value per cycle, Chaitin's
copy exception, conservative coalescing, Chaitin-Briggs colouring with spill
costs, slot colouring, redundant copies deleted, dead parameters unbound.

swap.ir: no edge is critical (entry and body each have one successor), so
the copies go at the end of the predecessors; a and b form a cycle broken by
one scratch value $cycle1.

  $ minicc print swap.ir --stage destroyed -O0 --stats
  # phi destruction (improved): 0 edge blocks, 7 copies, 1 cycle scratch values
  func swap(i32 n) {
  entry:
      i0 = copy 0
      a = copy 1
      b = copy 2
      i = copy i0
      jump head
  head:
      c = lt i, n
      branch c, body, exit
  body:
      i1 = add i, 1
      i = copy i1
      $cycle1 = copy a
      a = copy b
      b = copy $cycle1
      jump head
  exit:
      t = mul a, 10
      r = add t, b
      return r
  }

With two registers: i0, i and i1 are coalesced (the machine skips their copies);
the swap really needs three locations besides i and n, so a, b and n live
in slots.

  $ minicc print swap.ir --stage allocated -O0 --regs 2
  # improved allocation of swap: 2 registers, 3 slots, 3 values spilled, 2 coalesced, 2 copies removed
  # n -> slot2
  # i0 -> r1 (coalesced with i)
  # a -> slot0
  # b -> slot1
  # i -> r1
  # i1 -> r1 (coalesced with i)
  # c -> r0
  # t -> r0
  # r -> r0
  # $cycle1 -> r0
  # deleted in entry: i = copy i0 (both in r1)
  # deleted in body: i = copy i1 (both in r1)
  func swap(i32 n) {
  entry:
      i0 = copy 0
      a = copy 1
      b = copy 2
      i = copy i0
      jump head
  head:
      c = lt i, n
      branch c, body, exit
  body:
      i1 = add i, 1
      i = copy i1
      $cycle1 = copy a
      a = copy b
      b = copy $cycle1
      jump head
  exit:
      t = mul a, 10
      r = add t, b
      return r
  }

Against the baseline's 35/32, 30/27 and 13/10 (baseline.t):

  $ minicc run swap.ir --stage alloc -O0 --regs 1 --stats -- 3
  return 21
  stats: instructions=25 spill_reads=19 spill_writes=13 registers=1 slots=4
  $ minicc run swap.ir --stage alloc -O0 --regs 2 --stats -- 3
  return 21
  stats: instructions=21 spill_reads=12 spill_writes=9 registers=2 slots=3
  $ minicc run swap.ir --stage alloc -O0 --stats -- 3
  return 21
  stats: instructions=21 spill_reads=4 spill_writes=1 registers=4 slots=1

The lost-copy problem: the back edge of lost_copy is critical, so it gets
an edge block; x must still hold its old value on the exit edge.

  $ minicc print ../ir/lost_copy.ir --stage destroyed -O0
  func lost_copy(i32 n) {
  entry:
      x = copy 1
      jump loop
  loop:
      y = add x, 1
      c = lt y, n
      branch c, $edge1, exit
  exit:
      return x
  $edge1:
      x = copy y
      jump loop
  }
  $ for k in 1 2 3; do minicc run ../ir/lost_copy.ir --stage alloc -O0 --regs $k -- 10; done
  return 9
  return 9
  return 9

`branch c, L, L` into a phi block becomes a jump with the copies before it:

  $ minicc print same.ir --stage destroyed -O0
  func same(i32 x) {
  e:
      c = lt x, 3
      y = copy x
      z = copy 1
      jump m
  m:
      r = add y, z
      return r
  }
  $ minicc run same.ir --stage alloc --regs 1 -- 5
  return 6

Names the input already uses are not reused (at -O0 the optimizer does not
fold them away):

  $ minicc print collide.ir --stage destroyed -O0 --allocator baseline | grep -c 'edge1.1\|copy0.1'
  4
  $ minicc print collide.ir --stage destroyed -O0 | grep cycle
      $cycle1 = copy 7
      $cycle1.1 = copy a
      b = copy $cycle1.1
      s = add r, $cycle1
  $ for n in 0 1 2; do for a in baseline improved; do minicc run collide.ir --stage alloc -O0 --allocator $a --regs 2 -- $n; done; done
  return 102
  return 102
  return 201
  return 201
  return 102
  return 102

minicc check runs stage alloc with K = 1, 2, 4 and 16:

  $ minicc check swap.ir -- 5
  input       return 21
  ssa         return 21
  opt         return 21
  alloc K=1   return 21
  alloc K=2   return 21
  alloc K=4   return 21
  alloc K=16  return 21
  native      return 21
  asm x86-64  return 21
  asm rv64    return 21
  agree
