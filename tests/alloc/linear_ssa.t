The two allocators of issue 16 §3 next to baseline and improved.

linear: linear scan over live intervals. swap.ir in reverse postorder (entry,
head, body, exit): at K = 4 five intervals overlap in the loop (n, i, a, b
and c or i1), and the one that ends furthest, b (live into exit), goes to a
slot for its whole life.

  $ minicc print swap.ir --stage allocated -O0 --regs 4 --allocator linear | head -12
  # linear allocation of swap: 4 registers, 1 slot, 1 value spilled, 0 coalesced, 1 copy removed
  # n -> r0
  # i0 -> r1
  # a -> r2
  # b -> slot0
  # i -> r1
  # i1 -> r3
  # c -> r3
  # t -> r0
  # r -> r0
  # $cycle1 -> r3
  # deleted in entry: i = copy i0 (both in r1)
  $ minicc run swap.ir --stage alloc -O0 --regs 4 --allocator linear --stats -- 3
  return 21
  stats: instructions=24 spill_reads=4 spill_writes=4 registers=4 slots=1

ssa: allocation on the SSA form. swap's MaxLive is 5 (after `c = lt i, n`:
n, a, b, i, c), so K = 5 spills nothing and K = 4 one value (the cheapest:
n, read once per iteration). The a/b swap on the back edge is a copy cycle
between two registers; it is broken through a register no value live across
the edge holds.

  $ minicc print swap.ir --stage allocated -O0 --regs 5 --allocator ssa | head -11
  # ssa allocation of swap: 5 registers, 0 slots, 0 values spilled, 0 coalesced, 1 copy removed
  # n -> r0
  # i0 -> r1
  # a -> r1
  # b -> r2
  # i -> r3
  # i1 -> r3
  # c -> r4
  # t -> r0
  # r -> r0
  # $cycle1 -> r4
  $ minicc run swap.ir --stage alloc -O0 --regs 5 --allocator ssa --stats -- 3
  return 21
  stats: instructions=22 spill_reads=0 spill_writes=0 registers=5 slots=0
  $ minicc run swap.ir --stage alloc -O0 --regs 4 --allocator ssa --stats -- 3
  return 21
  stats: instructions=22 spill_reads=4 spill_writes=1 registers=4 slots=1

At K = 2 every register is held across the back edge, so the cycle's
scratch value takes a scratch slot of its own (counted in slots, not as a
spilled value):

  $ minicc print swap.ir --stage allocated -O0 --regs 2 --allocator ssa | head -1
  # ssa allocation of swap: 2 registers, 4 slots, 3 values spilled, 0 coalesced, 1 copy removed
  $ minicc print swap.ir --stage allocated -O0 --regs 2 --allocator ssa | grep cycle1
  # $cycle1 -> slot3
      $cycle1 = copy a
      b = copy $cycle1

All four side by side (one column group per allocator):

  $ minicc sweep swap.ir --regs 1..5 --allocators all -O0 -- 3
  sweep swap (-O0): stage input gives return 21
        baseline                  improved                  linear                    ssa
     K  slots  traffic   copies    slots  traffic   copies    slots  traffic   copies    slots  traffic   copies
     1     12       67       24 =      4       32       15 =      4       32       15 =      5       35       11 =
     2     10       57       24 =      3       21       11 =      3       27       15 =      4       27       12 =
     3      7       41       24 =      2       13       11 =      2       16       14 =      3       19       12 =
     4      3       23       24 =      1        5       11 =      1        8       14 =      1        5       12 =
     5      0        0       24 =      0        0       11 =      0        0       14 =      0        0       12 =
  (= agrees with stage input, ! diverges, - not run: graph over its size limit)
  all 20 runs agree with stage input
  $ minicc sweep swap.ir --regs 2 --allocators ssa,linear -- 4
  sweep swap (-O1): stage input gives return 12
        ssa                       linear
     K  slots  traffic   copies    slots  traffic   copies
     1      5       44       15 =      4       40       19 =
     2      4       34       15 =      3       34       19 =
  (= agrees with stage input, ! diverges, - not run: graph over its size limit)
  all 4 runs agree with stage input
  $ minicc sweep swap.ir --regs 2 --allocators ssa,ssa -- 4
  minicc sweep: error: --allocators expects all or names separated by commas (baseline, improved, linear, ssa), got 'ssa,ssa'
  [2]
  $ minicc sweep swap.ir --regs 2 --allocators -- 4
  minicc sweep: error: --allocators expects all or names separated by commas (baseline, improved, linear, ssa), got '--'
  [2]

At the prompt, `alloc K linear|ssa` (the choice stays for regs, machine, ...):

  $ minicc -c 'load swap.ir; args 3; alloc 4 linear; machine; alloc 5 ssa; regs; machine; sweep 2 all'
  loaded swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  args: 3
  alloc (linear, K = 4): 10 nodes, 4 registers used, 1 spilled to 1 slot, 1 copy removed
  # machine: linear allocator, K = 4
  return 21
  stats: instructions=24 copies=14 spill_reads=4 spill_writes=4 registers=4 slots=1
  alloc (ssa, K = 5): 10 nodes, 5 registers used, 0 spilled to 0 slots, 1 copy removed
  # ssa allocator, K = 5
    n       -> r0
    i0      -> r1
    a       -> r1
    b       -> r2
    i       -> r3
    i1      -> r3
    c       -> r4
    t       -> r0
    r       -> r0
    $cycle1 -> r4
  5 registers, 0 slots, 0 values spilled
  # machine: ssa allocator, K = 5
  return 21
  stats: instructions=22 copies=12 spill_reads=0 spill_writes=0 registers=5 slots=0
  sweep swap (from ssa): stage input gives return 21
        baseline                  improved                  linear                    ssa
     K  slots  traffic   copies    slots  traffic   copies    slots  traffic   copies    slots  traffic   copies
     1     12       67       24 =      4       32       15 =      4       32       15 =      5       35       11 =
     2     10       57       24 =      3       21       11 =      3       27       15 =      4       27       12 =
  (= agrees with stage input, ! diverges, - not run: graph over its size limit)
  all 8 runs agree with stage input
  $ minicc <<'EOF'
  > load swap.ir
  > sweep 2 nonsense
  > sweep 2 linear,linear
  > alloc 2 greedy
  > destroy ssa
  > EOF
  loaded swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  <stdin>:2: error: sweep: unknown allocator 'nonsense' (baseline, improved, linear, ssa, all, or names separated by commas)
  <stdin>:3: error: sweep: unknown allocator 'linear,linear' (baseline, improved, linear, ssa, all, or names separated by commas)
  <stdin>:4: error: alloc: unknown allocator 'greedy' (baseline, improved, linear, ssa)
  <stdin>:5: error: destroy: unknown mode 'ssa' (baseline, improved, naive, sequential)
  [1]

In the workbench, `a` cycles the allocator (baseline, improved, linear,
ssa) and every pane follows:

  $ minicc --tui-script 'laaa' --size 120x40 swap.ir 3 | grep -E 'interference K|allocator ' | cut -c 1-120
  + *interference K=4 (baseline) [destroyed] ----------------------------++ registers K=4 [destroyed] -------------------+
  |allocator linear (K = 4): 1 value spilled to 1 slot                                                                   |
  |allocator ssa (K = 4): 1 value spilled to 1 slot                                                                      |
  |allocator baseline (K = 4): 3 values spilled to 3 slots                                                               |
   swap | stage input | step 0 | K=4 | not started   allocator baseline (K = 4): 3 values spilled to 3 slots

`check` runs the other three allocators at every alloc row too and adds a
row only for one that disagrees, so agreeing programs read as before:

  $ minicc check swap.ir --allocator linear -- 3
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

The ssa allocator destroys the phis by its locations, so its destroyed
function depends on K (--regs is taken there): at K = 5 the swap's cycle
goes through a free register, and the entry's copies are ordered so that
i0's register is read before a overwrites it.

  $ minicc print swap.ir --stage destroyed --allocator ssa --regs 5 -O0 --stats
  # phi destruction by the ssa allocator's locations (K = 5)
  # phi destruction (ssa): 0 edge blocks, 7 copies, 1 cycle scratch values
  func swap(i32 n) {
  entry:
      i0 = copy 0
      b = copy 2
      i = copy i0
      a = copy 1
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
  $ minicc print swap.ir --stage destroyed --allocator linear --regs 5
  minicc print: error: --regs needs --stage allocated
  [2]
