Every pass around calls (docs/ir.md §3.2): a call may store into the
buffers it is given, trap or not return, so no pass removes, duplicates,
reorders or value-numbers one, and no load or store moves across it.
calls.ir has a call whose result is unused, two identical calls, a load
of b before and after calls that store into b, and two local buffers.

SCCP writes the constant argument into the calls (t = 5 + n * 0), and keeps
every call; a call's result is not a constant (nothing is known across
functions):

  $ minicc print calls.ir --func main --passes sccp | grep 'call\|load\|same'
      before = load b, 0
      u1 = call bump(b, 5)
      u2 = call bump(b, 5)
      call bump(b, 1)
      unused = call bump(b, 0)
      after = load b, 0
      same = sub u2, u1
      x2 = add x, same
      call bump(l, 3)
      y = load l2, 0

Copy propagation rewrites a call's argument like any operand (the copy
goes, the call reads its source):

  $ printf 'func f(i32 n) {\nentry:\n    k = copy n\n    r = call f(k)\n    return r\n}\n' > $CRAMTMP/cp.ir
  $ minicc print $CRAMTMP/cp.ir --passes copyprop
  func f(i32 n) {
  entry:
      r = call f(n)
      return r
  }

  $ minicc print calls.ir --func main --passes copyprop | grep 't = \|call bump(b, t)'
      t = add 5, z
      u1 = call bump(b, t)
      u2 = call bump(b, t)

GVN: the two identical calls are two calls (u2 is not u1, so `same` is not
0), the load after the calls is not the load before them (the calls store
into b), and the two local buffers are two buffers:

  $ minicc print calls.ir --func main --passes gvn | grep 'call\|load\|same\|buffer'
      before = load b, 0
      u1 = call bump(b, 5)
      u2 = call bump(b, 5)
      call bump(b, 1)
      unused = call bump(b, 0)
      after = load b, 0
      same = sub u2, u1
      x2 = add x, same
      l = buffer 2
      l2 = buffer 2
      call bump(l, 3)
      y = load l2, 0

DCE keeps every call, the one whose result is unused included, and what
their arguments need (k, z, t):

  $ minicc print calls.ir --func main --passes dce | grep -c 'call\|k = \|z = \|t = '
  8

A local buffer nothing uses has no effect, and goes:

  $ printf 'func f(i32 n) {\nentry:\n    b = buffer 4\n    return n\n}\n' > $CRAMTMP/dead.ir
  $ minicc print $CRAMTMP/dead.ir --passes dce
  func f(i32 n) {
  entry:
      return n
  }

simplifycfg merges the tail into the entry: the calls and the loads and
stores keep their order:

  $ minicc print calls.ir --func main --passes simplifycfg | grep -n 'call\|load\|store'
  3:    store b, 0, n
  4:    before = load b, 0
  8:    u1 = call bump(b, t)
  9:    u2 = call bump(b, t)
  10:    call bump(b, 1)
  11:    unused = call bump(b, 0)
  12:    after = load b, 0
  18:    call bump(l, 3)
  19:    y = load l2, 0

The whole -O1 pipeline, on main and its callee, agrees with the input:
b[0] = 4, before = 4, u1 = 9, u2 = 14, then 15, 15; after = 15, same = 5,
y = 0: 24.

  $ minicc print calls.ir --stage opt --func main | grep -c call
  5
  $ minicc check calls.ir [0] 4 | head -3
  input       return 24; b = [15]
  ssa         return 24; b = [15]
  opt         return 24; b = [15]
