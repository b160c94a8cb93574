SSA construction with calls and local buffers (docs/ir.md §3.2): a call
is an instruction that reads its scalar arguments and may define a
scalar; buffers, local ones included, are never renamed.

In calls/sum.ir the call's arguments i and v are renamed with every other
use (i.2), its result r is a definition, and the local buffer b keeps its
name wherever it is passed or loaded from:

  $ minicc print --stage ssa --func main calls/sum.ir | grep -n 'buffer\|call\|load\|phi'
  3:    b = buffer 8
  8:    i.2 = phi [entry: i.1], [body: i.3]
  9:    s.2 = phi [entry: s.1], [body: s.3]
  14:    r = call fill(b, i.2, v)
  22:    s.4 = phi [done: s.2], [rbody: s.5]
  23:    j.2 = phi [done: j.1], [rbody: j.3]
  27:    x = load b, j.2

A call's argument must be assigned on every path, as any operand (the
verifier's definite assignment sees call arguments, so SSA construction
never meets a use without a definition):

  $ printf 'func f(i32 n) {\nentry:\n    branch n, a, b\na:\n    x = add n, 1\n    x = add x, 1\n    jump j\nb:\n    jump j\nj:\n    r = call f(x)\n    return r\n}\n' > $CRAMTMP/maybe.ir
  $ minicc run --stage ssa $CRAMTMP/maybe.ir 1 2>&1 | sed "s|$CRAMTMP/||"
  maybe.ir:11:16: error: 'x' may be used before it is assigned
        r = call f(x)
                   ^

Under every phi placement the call reads the current versions (minimal SSA
also versions v and r, assigned in a loop); a variable
read only by a call gets its phi:

  $ for k in minimal semi pruned; do minicc print --stage ssa --ssa $k --func main calls/sum.ir | grep call; done
      r.2 = call fill(b, i.2, v.2)
      r = call fill(b, i.2, v)
      r = call fill(b, i.2, v)
  $ printf 'func f(i32 n) {\nentry:\n    x = copy n\n    branch n, a, b\na:\n    x = add x, 1\n    jump j\nb:\n    jump j\nj:\n    r = call g(x)\n    return r\n}\nfunc g(i32 k) {\nentry:\n    return k\n}\n' > $CRAMTMP/onlycall.ir
  $ for k in minimal semi pruned; do minicc print --stage ssa --ssa $k --func f $CRAMTMP/onlycall.ir | grep 'phi\|call'; done
      x.3 = phi [a: x.2], [b: x.1]
      r = call g(x.3)
      x.3 = phi [a: x.2], [b: x.1]
      r = call g(x.3)
      x.3 = phi [a: x.2], [b: x.1]
      r = call g(x.3)
  $ minicc run --stage ssa $CRAMTMP/onlycall.ir 4
  return 5

Stages ssa and opt prepare every function the run reaches (each callee
built into SSA and optimized too) and run them with the same results,
traps and buffers as stage input; check agrees at every stage:

  $ for s in input ssa opt; do minicc run --stage $s calls/sum.ir 3; done
  return 176
  return 176
  return 176
  $ minicc check calls/sum.ir -5 | tail -2
  asm rv64    return -272
  agree
  $ for s in input ssa opt; do minicc run --stage $s calls/callee_trap.ir [0,0,0,0] 4; done
  trap: buffer index 4 outside [0,4)
  b = [5, 0, 8, 0]
  trap: buffer index 4 outside [0,4)
  b = [5, 0, 8, 0]
  trap: buffer index 4 outside [0,4)
  b = [5, 0, 8, 0]
  [3]
  $ minicc check --func ack calls/calls.ir 2 3 | head -3
  input       return 9
  ssa         return 9
  opt         return 9

The depth limit and the step budget hold across the prepared frames as
at stage input: 10,000 frames run, one more traps.

  $ for s in ssa opt; do minicc run --stage $s --max-steps 1000000 calls/deep.ir 9998; done
  return 9998
  return 9998
  $ minicc run --stage opt --max-steps 1000000 calls/deep.ir 9999
  trap: call depth limit exceeded
  [3]
  $ minicc run --stage opt --func fib --max-steps 353 calls/calls.ir 10
  trap: execution step limit exceeded
  note: the step budget is 353 block entries; raise it with --max-steps N
  [3]
  $ minicc run --stage opt --func fib --max-steps 354 calls/calls.ir 10
  return 55
