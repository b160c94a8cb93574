Shapes that tend to break optimizers (see nasty.ir): an empty infinite loop,
SSA input with an unreachable predecessor and a self-carried phi, and
constant folding across the i32 wraparound. The infinite loop traps at the
step budget before and after optimization (native code has a time limit
instead, so `check` would take seconds and report the difference).

  $ minicc print nasty.ir --func spin --stage opt
  func spin(i32 a) {
  entry:
      jump A
  A:
      jump A
  }
  $ minicc run nasty.ir --func spin --stage opt --max-steps 1000 -- 1
  trap: execution step limit exceeded
  note: the step budget is 1000 block entries; raise it with --max-steps N
  [3]
  $ minicc run nasty.ir --func spin --stage input --max-steps 1000 -- 1
  trap: execution step limit exceeded
  note: the step budget is 1000 block entries; raise it with --max-steps N
  [3]
  $ minicc print nasty.ir --func deadphi --stage opt
  func deadphi(i32 a) {
  entry:
      jump head
  head:
      n = phi [entry: 0], [latch: n1]
      c = lt n, 1
      branch c, latch, out
  latch:
      n1 = add n, 1
      jump head
  out:
      t = add a, 7
      return t
  }
  $ minicc check nasty.ir --func deadphi -- 3 | tail -1
  agree
  $ minicc print nasty.ir --func chain --stage opt
  func chain(i32 x) {
  entry:
      return 0
  }
  $ minicc check nasty.ir --func chain -- 5 | tail -1
  agree
