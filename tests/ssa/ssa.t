SSA construction on the classic shapes (minicc print --stage ssa). Pruned
SSA is the default; every definition of a reassigned name gets a readable
version x.1, x.2 ...; a parameter keeps its name for its entry value; a name
defined once keeps its name. Each program is also run after SSA construction, and `check` runs it
through every stage (only its verdict is shown: the stage list grows).

The swap in mutable form: three loop-carried variables, three phis in head.

  $ minicc print swap.ir --stage ssa
  func swap(i32 n) {
  entry:
      a.1 = copy 1
      b.1 = copy 2
      i.1 = copy 0
      jump head
  head:
      a.2 = phi [entry: a.1], [body: a.3]
      b.2 = phi [entry: b.1], [body: b.3]
      i.2 = phi [entry: i.1], [body: i.3]
      c = lt i.2, n
      branch c, body, exit
  body:
      t.1 = copy a.2
      a.3 = copy b.2
      b.3 = copy t.1
      i.3 = add i.2, 1
      jump head
  exit:
      t.2 = mul a.2, 10
      r = add t.2, b.2
      return r
  }
  $ minicc run swap.ir --stage ssa -- 3
  return 21
  $ minicc check swap.ir -- 3 | tail -1
  agree
  $ minicc run swap.ir --stage ssa -- 4
  return 12
  $ minicc check swap.ir -- 4 | tail -1
  agree

A diamond: x is assigned on both arms, the join merges them and redefines x.

  $ minicc print diamond.ir --stage ssa
  func diamond(i32 a, i32 b) {
  entry:
      c = lt a, b
      branch c, less, more
  less:
      x.1 = sub b, a
      jump join
  more:
      x.2 = sub a, b
      jump join
  join:
      x.3 = phi [less: x.1], [more: x.2]
      x.4 = add x.3, 1
      return x.4
  }
  $ minicc run diamond.ir --stage ssa -- 3 10
  return 8
  $ minicc check diamond.ir -- 3 10 | tail -1
  agree
  $ minicc run diamond.ir --stage ssa -- 10 3
  return 8
  $ minicc check diamond.ir -- 10 3 | tail -1
  agree

Nested loops: s is carried by both loops, j only by the inner one.

  $ minicc print nested.ir --stage ssa
  func nested(i32 n, i32 m) {
  entry:
      s.1 = copy 0
      i.1 = copy 0
      jump outer
  outer:
      s.2 = phi [entry: s.1], [next: s.3]
      i.2 = phi [entry: i.1], [next: i.3]
      c = lt i.2, n
      branch c, start, done
  start:
      j.1 = copy 0
      jump inner
  inner:
      s.3 = phi [start: s.2], [body: s.4]
      j.2 = phi [start: j.1], [body: j.3]
      d = lt j.2, m
      branch d, body, next
  body:
      s.4 = add s.3, 1
      j.3 = add j.2, 1
      jump inner
  next:
      i.3 = add i.2, 1
      jump outer
  done:
      return s.2
  }
  $ minicc run nested.ir --stage ssa -- 3 4
  return 12
  $ minicc check nested.ir -- 3 4 | tail -1
  agree
  $ minicc run nested.ir --stage ssa -- 0 5
  return 0
  $ minicc check nested.ir -- 0 5 | tail -1
  agree

The lost-copy shape in mutable form.

  $ minicc print lost_copy.ir --stage ssa
  func lost_copy(i32 n) {
  entry:
      x.1 = copy 1
      jump loop
  loop:
      x.2 = phi [entry: x.1], [next: x.3]
      y = add x.2, 1
      c = lt y, n
      branch c, next, exit
  next:
      x.3 = copy y
      jump loop
  exit:
      return x.2
  }
  $ minicc run lost_copy.ir --stage ssa -- 10
  return 9
  $ minicc check lost_copy.ir -- 10 | tail -1
  agree
  $ minicc run lost_copy.ir --stage ssa -- 2
  return 1
  $ minicc check lost_copy.ir -- 2 | tail -1
  agree

A reassigned parameter: n on entry, n.1 in the loop, n.2 after the decrement.

  $ minicc print param.ir --stage ssa
  func param(i32 n) {
  entry:
      s.1 = copy 0
      jump head
  head:
      n.1 = phi [entry: n], [body: n.2]
      s.2 = phi [entry: s.1], [body: s.3]
      c = lt 0, n.1
      branch c, body, exit
  body:
      s.3 = add s.2, n.1
      n.2 = sub n.1, 1
      jump head
  exit:
      return s.2
  }
  $ minicc run param.ir --stage ssa -- 5
  return 15
  $ minicc check param.ir -- 5 | tail -1
  agree

A self-loop: the phi in L has an entry for L itself.

  $ minicc print self_loop.ir --stage ssa
  func self_loop(i32 n) {
  entry:
      i.1 = copy 0
      jump L
  L:
      i.2 = phi [entry: i.1], [L: i.3]
      i.3 = add i.2, 1
      c = lt i.3, n
      branch c, L, exit
  exit:
      return i.3
  }
  $ minicc run self_loop.ir --stage ssa -- 5
  return 5
  $ minicc check self_loop.ir -- 5 | tail -1
  agree
  $ minicc run self_loop.ir --stage ssa -- -1
  return 1
  $ minicc check self_loop.ir -- -1 | tail -1
  agree

`branch a, j, j`: one predecessor, one phi entry.

  $ minicc print same_target.ir --stage ssa
  func same_target(i32 a) {
  entry:
      x.1 = copy 1
      branch a, b1, b2
  b1:
      x.2 = copy 2
      branch a, j, j
  b2:
      jump j
  j:
      x.3 = phi [b1: x.2], [b2: x.1]
      return x.3
  }
  $ minicc run same_target.ir --stage ssa -- 1
  return 2
  $ minicc check same_target.ir -- 1 | tail -1
  agree
  $ minicc run same_target.ir --stage ssa -- 0
  return 1
  $ minicc check same_target.ir -- 0 | tail -1
  agree

An unreachable block is dropped before construction, so the join needs no phi.

  $ minicc print unreachable.ir --stage ssa --stats
  # unreachable: input mutable form: 2 instructions, 0 phis, 3 blocks
  # phis by SSA policy: minimal=0 semi=0 pruned=0
  # ssa (pruned): 0 phis placed, 0 versioned names, 1 unreachable blocks dropped
  func unreachable(i32 a) {
  entry:
      x = add a, 1
      jump join
  join:
      return x
  }
  $ minicc run unreachable.ir --stage ssa -- 4
  return 5
  $ minicc check unreachable.ir -- 4 | tail -1
  agree

The three placement policies side by side (--stats counts them all).

  $ minicc print policies.ir --stage ssa --ssa minimal --stats
  # policies: input mutable form: 9 instructions, 0 phis, 4 blocks
  # phis by SSA policy: minimal=5 semi=2 pruned=1
  # ssa (minimal): 5 phis placed, 14 versioned names, 0 unreachable blocks dropped
  func policies(i32 a) {
  entry:
      z.1 = copy a
      branch a, l, r
  l:
      v.1 = add z.1, 1
      t.1 = add a, v.1
      u.1 = mul t.1, t.1
      x.1 = copy u.1
      z.2 = copy 1
      jump join
  r:
      t.2 = add a, 2
      x.2 = copy t.2
      z.3 = copy 2
      jump join
  join:
      z.4 = phi [l: z.2], [r: z.3]
      v.2 = phi [l: v.1], [r: 0]
      t.3 = phi [l: t.1], [r: t.2]
      u.2 = phi [l: u.1], [r: 0]
      x.3 = phi [l: x.1], [r: x.2]
      return x.3
  }
  $ minicc print policies.ir --stage ssa --ssa semi
  func policies(i32 a) {
  entry:
      z.1 = copy a
      branch a, l, r
  l:
      v = add z.1, 1
      t.1 = add a, v
      u = mul t.1, t.1
      x.1 = copy u
      z.2 = copy 1
      jump join
  r:
      t.2 = add a, 2
      x.2 = copy t.2
      z.3 = copy 2
      jump join
  join:
      z.4 = phi [l: z.2], [r: z.3]
      x.3 = phi [l: x.1], [r: x.2]
      return x.3
  }
  $ minicc print policies.ir --stage ssa --ssa pruned
  func policies(i32 a) {
  entry:
      z.1 = copy a
      branch a, l, r
  l:
      v = add z.1, 1
      t.1 = add a, v
      u = mul t.1, t.1
      x.1 = copy u
      z.2 = copy 1
      jump join
  r:
      t.2 = add a, 2
      x.2 = copy t.2
      z.3 = copy 2
      jump join
  join:
      x.3 = phi [l: x.1], [r: x.2]
      return x.3
  }
  $ minicc run policies.ir --stage ssa -- 3
  return 49
  $ minicc check policies.ir -- 3 | tail -1
  agree
  $ minicc run policies.ir --stage ssa -- 0
  return 2
  $ minicc check policies.ir -- 0 | tail -1
  agree

SSA input comes back unchanged, and the output of print reads back.

  $ minicc print swap.ir --stage ssa > swap_ssa.tmp && minicc print swap_ssa.tmp --stage ssa | diff swap_ssa.tmp - && echo same; rm -f swap_ssa.tmp
  same

Mistakes.

  $ minicc print swap.ir --stage ssa --ssa maximal
  minicc print: error: unknown SSA policy 'maximal' (minimal, semi or pruned)
  [2]
  $ minicc print swap.ir --stage alloc
  minicc print: error: print has no stage 'alloc' (stages: input, ssa, opt, destroyed, allocated, selected)
  [2]

`--ssa` alone shows stage ssa (it is never silently ignored); with an
explicit `--stage input` it is a mistake.

  $ minicc print ../ir/fact_mutable.ir --ssa minimal | grep -c phi
  3
  $ minicc print ../ir/fact_mutable.ir --ssa minimal --stage input
  minicc print: error: --ssa needs --stage ssa or opt
  [2]
  $ minicc print nosuch.ir --stage ssa
  minicc print: error: cannot read nosuch.ir: No such file or directory
  [2]
