Phi-destruction bug modes and the missing parameter edge, for the bug hunt:
`check` finds each at stage alloc.

naive: the copies of the back edge loop -> loop go at the end of loop,
which also runs when the loop exits: x is overwritten before exit reads it
(the lost-copy problem).

  $ minicc check ../ir/lost_copy.ir --alloc-opt destroy=naive -- 3
  input       return 2
  ssa         return 2
  opt         return 2
  alloc K=1   return 3
  alloc K=1 baseline return 3
  alloc K=2   return 3
  alloc K=2 baseline return 3
  alloc K=4   return 3
  alloc K=4 baseline return 3
  alloc K=16  return 3
  alloc K=16 baseline return 3
  native      return 2
  asm x86-64  return 3
  asm rv64    return 3
  diverge at alloc
  [1]
  $ minicc print ../ir/lost_copy.ir --stage destroyed --alloc-opt destroy=naive
  func lost_copy(i32 n) {
  entry:
      x = copy 1
      jump loop
  loop:
      y = add x, 1
      c = lt y, n
      x = copy y
      branch c, loop, exit
  exit:
      return x
  }

sequential: a and b trade places; written one by one without a temporary
the second copy reads the first one's result (the swap problem).

  $ minicc check swap.ir --alloc-opt destroy=sequential -- 3
  input       return 21
  ssa         return 21
  opt         return 21
  alloc K=1   return 22
  alloc K=1 baseline return 22
  alloc K=2   return 22
  alloc K=2 baseline return 22
  alloc K=4   return 22
  alloc K=4 baseline return 22
  alloc K=16  return 22
  alloc K=16 baseline return 22
  native      return 21
  asm x86-64  return 22
  asm rv64    return 22
  diverge at alloc
  [1]
  $ minicc print swap.ir --stage destroyed --alloc-opt destroy=sequential | sed -n '/^body:/,/jump/p'
  body:
      i1 = add i, 1
      a = copy b
      b = copy a
      i = copy i1
      jump head

Each mode breaks only its own problem.

  $ minicc check ../ir/lost_copy.ir --alloc-opt destroy=sequential -- 3 | tail -1
  agree
  $ minicc check swap.ir --alloc-opt destroy=naive -- 3 | tail -1
  agree
  $ minicc check swap.ir --allocator baseline --alloc-opt destroy=sequential -- 3 | tail -1
  diverge at alloc

param-edges=off: x and y are bound on entry together; without their edge
they share a register and x - y reads y twice. (Not at asm x86-64: there
the two-address copy d = copy x, coalesced with x, is written while y is
live, so x and y interfere after all.)

  $ minicc check params2.ir --alloc-opt param-edges=off -- 7 2
  input       return 5
  ssa         return 5
  opt         return 5
  alloc K=1   return 0
  alloc K=1 baseline return 0
  alloc K=2   return 0
  alloc K=2 baseline return 0
  alloc K=4   return 0
  alloc K=4 baseline return 0
  alloc K=16  return 0
  alloc K=16 baseline return 0
  native      return 5
  asm x86-64  return 5
  asm rv64    return 0
  diverge at alloc
  [1]
  $ minicc check params2.ir --allocator baseline --alloc-opt param-edges=off -- 7 2 | tail -1
  diverge at alloc

At the prompt: `destroy naive|sequential` selects the bug mode for machine
and check until `destroy baseline|improved`.

  $ minicc ../ir/lost_copy.ir <<'IN'
  > args 3
  > destroy naive
  > machine
  > check
  > show destroyed
  > destroy improved
  > machine
  > set alloc destroy=sequential
  > set alloc
  > set alloc default
  > show alloc-opts
  > IN
  loaded ../ir/lost_copy.ir: 1 function
  lost_copy(i32 n): SSA form, 3 blocks
  args: 3
  destroy (naive, from ssa): 0 edge blocks, 2 copies
  (bug mode: copies at the end of each predecessor, no edge splitting - the lost-copy problem;
   alloc, machine and check destroy this way until `destroy baseline|improved`)
  # machine: improved allocator, K = 4, alloc destroy=naive
  return 3
  stats: instructions=5 copies=1 spill_reads=0 spill_writes=0 registers=4 slots=0
  input       return 2
  ssa         return 2
  opt         return 2
  alloc K=1   return 3
  alloc K=1 baseline return 3
  alloc K=2   return 3
  alloc K=2 baseline return 3
  alloc K=4   return 3
  alloc K=4 baseline return 3
  alloc K=16  return 3
  alloc K=16 baseline return 3
  native      return 2
  asm x86-64  return 3
  asm rv64    return 3
  diverge at alloc
  # destroyed (naive)
  func lost_copy(i32 n) {
  entry:
      x = copy 1
      jump loop
  loop:
      y = add x, 1
      c = lt y, n
      x = copy y
      branch c, loop, exit
  exit:
      return x
  }
  destroy (improved, from ssa): 1 edge block, 2 copies
  # machine: improved allocator, K = 4
  return 2
  stats: instructions=6 copies=2 spill_reads=0 spill_writes=0 registers=4 slots=0
  alloc destroy=sequential
  split           critical         (critical, all)
  copies          parallel         (parallel, temps)
  copy-exception  on               (on, off)
  coalesce        conservative     (conservative, off, aggressive)
  bias            on               (on, off)
  recolour        on               (on, off)
  slot-sharing    on               (on, off)
  metric          best             (best, cost/degree, cost/degree2, cost, chapter)
  variant         best             (best, coalesce, no-coalesce, degree)
  destroy         sequential    *  (correct, naive, sequential)
  param-edges     on               (on, off)
  saves           correct          (correct, no-caller, no-callee)
  calls           save             (save, interfere)
  two-address     target           (target, copies, emitter)
  alloc default
  split           critical         (critical, all)
  copies          parallel         (parallel, temps)
  copy-exception  on               (on, off)
  coalesce        conservative     (conservative, off, aggressive)
  bias            on               (on, off)
  recolour        on               (on, off)
  slot-sharing    on               (on, off)
  metric          best             (best, cost/degree, cost/degree2, cost, chapter)
  variant         best             (best, coalesce, no-coalesce, degree)
  destroy         correct          (correct, naive, sequential)
  param-edges     on               (on, off)
  saves           correct          (correct, no-caller, no-callee)
  calls           save             (save, interfere)
  two-address     target           (target, copies, emitter)

The calling convention's saves have planted bugs too (`saves=`, for a
class to set off the machine's two traps). `no-caller` leaves values live
across a call in caller-saved registers unsaved: the machine traps when
one is read after the call, and check diverges at alloc. `no-callee` skips
the prologue's saves of callee-saved registers: the machine traps at the
return. A program without calls is not touched by either.

  $ minicc run --stage alloc --alloc-opt saves=no-caller sumsq_calls.ir 5
  trap: r1 read after the call to sq at 18:5 clobbered it (caller-saved under split)
  [3]
  $ minicc run --stage alloc --alloc-opt saves=no-callee sumsq_calls.ir 5
  trap: total returned with callee-saved r2 changed (was 0, now 5)
  [3]
  $ minicc check --alloc-opt saves=no-caller sumsq_calls.ir 5 | tail -1
  diverge at alloc
  $ minicc run --stage alloc --alloc-opt saves=correct sumsq_calls.ir 5
  return 30
  $ minicc check --alloc-opt saves=no-callee swap.ir -- 3 | tail -1
  agree
