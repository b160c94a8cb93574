Optimizer passes, each on its own (minicc print --passes NAME runs the named
passes once each after pruned SSA construction), then the whole -O1
pipeline, which iterates sccp, copyprop, gvn, dce, simplifycfg until nothing
changes. Each program is run before and after.

  $ minicc print x.ir --passes help
  passes (the -O1 pipeline runs them in this order until nothing changes):
    sccp         sparse conditional constant propagation: constants and branches never taken
                 requires ssa; invalidates cfg (folds branches, drops unreachable blocks)
    copyprop     copy propagation: uses of `x = copy y` and of trivial phis read y directly
                 requires ssa; invalidates nothing (cfg unchanged)
    gvn          dominator-tree value numbering: reuse an identical pure computation, simplify algebra
                 requires ssa; invalidates nothing (cfg unchanged)
    dce          dead-code elimination: drop pure instructions and phis whose result is never used
                 requires ssa; invalidates nothing (cfg unchanged)
    simplifycfg  CFG simplification: constant branches, empty blocks, straight-line block merging
                 requires ssa; invalidates cfg (blocks removed, merged, retargeted)

Copy propagation: y, z, w are all a; the loop phi for w becomes trivial.

  $ minicc print copyprop.ir --passes copyprop
  func copyprop(i32 a, i32 n) {
  entry:
      jump head
  head:
      s.2 = phi [entry: 0], [body: s.3]
      i.2 = phi [entry: 0], [body: i.3]
      c = lt i.2, n
      branch c, body, exit
  body:
      s.3 = add s.2, a
      i.3 = add i.2, 1
      jump head
  exit:
      r = add s.2, a
      return r
  }
  $ minicc run copyprop.ir --stage opt -- 5 3
  return 20
  $ minicc check copyprop.ir -- 5 3 | tail -1
  agree

SCCP: the trace block is never reached, x is 1, k is 42.

  $ minicc print sccp.ir --passes sccp
  func sccp(i32 n) {
  entry:
      jump head
  head:
      i.2 = phi [entry: 0], [next: i.3]
      c = lt i.2, n
      branch c, body, exit
  body:
      jump next
  next:
      i.3 = add i.2, 1
      jump head
  exit:
      r = add i.2, 1
      return r
  }
  $ minicc run sccp.ir --stage opt -- 4
  return 5
  $ minicc check sccp.ir -- 4 | tail -1
  agree

GVN: one multiplication is left; the repeated load reads the first one.

  $ minicc print gvn.ir --passes gvn
  func gvn(buf m, i32 a, i32 b, i32 i) {
  entry:
      t = mul a, b
      x = load m, i
      s0 = add x, x
      branch i, then, else
  then:
      w.1 = add t, t
      jump join
  else:
      w.2 = add t, x
      jump join
  join:
      w.3 = phi [then: w.1], [else: w.2]
      r.1 = add t, w.3
      r.3 = add r.1, s0
      return r.3
  }
  $ minicc run gvn.ir --stage opt -- [5,6] 2 3 1
  return 30
  m = [5, 6]
  $ minicc run gvn.ir --stage opt -- [5,6] 2 3 0
  return 27
  m = [5, 6]
  $ minicc check gvn.ir -- [5,6] 2 3 1 | tail -1
  agree

DCE keeps the load whose result is unused: it may trap.

  $ minicc print dce.ir --passes dce
  func dce(buf m, i32 i) {
  entry:
      unused = load m, i
      return i
  }
  $ minicc run dce.ir --stage opt -- [1,2,3] 2
  return 2
  m = [1, 2, 3]
  $ minicc run dce.ir --stage opt -- [1,2,3] 7
  trap: buffer index 7 outside [0,3)
  m = [1, 2, 3]
  [3]
  $ minicc check dce.ir -- [1,2,3] 7 | tail -1
  agree

CFG simplification: the constant branch, the chain one-two-three merged
into entry, the empty block bypassed (join's phi now names entry).

  $ minicc print simplifycfg.ir --passes simplifycfg
  func simplifycfg(i32 a) {
  entry:
      x = add a, 1
      y = add x, a
      branch a, join, other
  other:
      z = add x, 6
      jump join
  join:
      r = phi [entry: y], [other: z]
      return r
  }
  $ minicc run simplifycfg.ir --stage opt -- 4
  return 9
  $ minicc run simplifycfg.ir --stage opt -- 0
  return 7
  $ minicc check simplifycfg.ir -- 4 | tail -1
  agree

Traps: stores keep their order, the trap and the buffer left behind match.

  $ minicc print traps.ir --stage opt
  func traps(buf b, i32 i) {
  entry:
      store b, 0, 5
      x = load b, i
      y = add i, 1
      store b, 1, y
      return y
  }
  $ minicc run traps.ir --stage opt -- [0,0] 1
  return 2
  b = [5, 2]
  $ minicc run traps.ir --stage opt -- [0,0] 9
  trap: buffer index 9 outside [0,2)
  b = [5, 0]
  [3]
  $ minicc check traps.ir -- [0,0] 9 | tail -1
  agree

A front end's dot product at -O1, with per-pass statistics.

  $ minicc print frontend.ir --stage opt --stats
  # frontend: input mutable form: 19 instructions, 0 phis, 6 blocks
  # phis by SSA policy: minimal=15 semi=3 pruned=3
  # round 1 sccp        changed   insts 19 -> 15, phis 3 -> 3, blocks 6 -> 5
  # round 1 copyprop    changed   insts 15 -> 8, phis 3 -> 2, blocks 5 -> 5
  # round 1 gvn         changed   insts 8 -> 6, phis 2 -> 2, blocks 5 -> 5
  # round 1 dce         unchanged insts 6 -> 6, phis 2 -> 2, blocks 5 -> 5
  # round 1 simplifycfg changed   insts 6 -> 6, phis 2 -> 2, blocks 5 -> 4
  # round 2 sccp        unchanged insts 6 -> 6, phis 2 -> 2, blocks 4 -> 4
  # round 2 copyprop    unchanged insts 6 -> 6, phis 2 -> 2, blocks 4 -> 4
  # round 2 gvn         unchanged insts 6 -> 6, phis 2 -> 2, blocks 4 -> 4
  # round 2 dce         unchanged insts 6 -> 6, phis 2 -> 2, blocks 4 -> 4
  # round 2 simplifycfg unchanged insts 6 -> 6, phis 2 -> 2, blocks 4 -> 4
  func frontend(buf p, buf q, i32 n) {
  entry:
      jump head
  head:
      s.2 = phi [entry: 0], [body: s.3]
      i.2 = phi [entry: 0], [body: i.3]
      c = lt i.2, n
      branch c, body, exit
  body:
      x = load p, i.2
      y = load q, i.2
      t6 = mul x, y
      s.3 = add s.2, t6
      i.3 = add i.2, 1
      jump head
  exit:
      return s.2
  }
  $ minicc run frontend.ir --stage opt -- [1,2,3] [4,5,6] 3
  return 32
  p = [1, 2, 3]
  q = [4, 5, 6]
  $ minicc check frontend.ir -- [1,2,3] [4,5,6] 3 | tail -1
  agree

-O0 prints the unoptimized SSA; passes can be chained; mistakes.

  $ minicc print dce.ir --stage opt -O0
  func dce(buf m, i32 i) {
  entry:
      a = mul i, 100
      b = add a, 1
      unused = load m, i
      c = add unused, b
      return i
  }
  $ minicc print dce.ir --passes dce,simplifycfg,dce
  func dce(buf m, i32 i) {
  entry:
      unused = load m, i
      return i
  }
  $ minicc print dce.ir --passes dce,nope
  minicc print: error: unknown pass 'nope' (passes: sccp, copyprop, gvn, dce, simplifycfg)
  [2]
  $ minicc print dce.ir --stage ssa --passes dce
  minicc print: error: --passes needs --stage opt
  [2]
