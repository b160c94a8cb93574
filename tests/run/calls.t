Calls and local buffers (docs/ir.md §3.2) at stage input: results worked
out by hand (see each .ir file's header).

  $ minicc run calls/calls.ir 10
  return 9055
  $ minicc run calls/calls.ir 15
  return 9610
  $ minicc run --func ack calls/calls.ir 3 3
  return 61

Print then parse is the identity, calls without a destination and buffers
included:

  $ minicc print calls/calls.ir > $CRAMTMP/p1.ir && minicc print $CRAMTMP/p1.ir > $CRAMTMP/p2.ir && cmp $CRAMTMP/p1.ir $CRAMTMP/p2.ir && grep -n 'call\|buffer' $CRAMTMP/p1.ir
  3:    cell = buffer 1
  4:    call put(cell, n)
  6:    a = call ack(2, 3)
  14:    f = call fib(n)
  27:    a = call fib(n1)
  29:    b = call fib(n2)
  46:    r = call ack(m1d, 1)
  50:    t = call ack(m, n1d)
  51:    r = call ack(m1d, t)

The step budget counts block entries in every frame: fib(10) makes 177
calls of two block entries each.

  $ minicc run --func fib --max-steps 354 calls/calls.ir 10
  return 55
  $ minicc run --func fib --max-steps 353 calls/calls.ir 10
  trap: execution step limit exceeded
  note: the step budget is 353 block entries; raise it with --max-steps N
  [3]

The depth limit counts frames, the function run being the first: main and
depth(9998) .. depth(0) are 10,000 frames, the default limit; one more
traps. Frames are on the heap, so a deep recursion does not need C stack.

  $ minicc run --max-steps 1000000 calls/deep.ir 9998
  return 9998
  $ minicc run --max-steps 1000000 calls/deep.ir 9999
  trap: call depth limit exceeded
  [3]
  $ minicc run --max-depth 5 calls/deep.ir 3
  return 3
  $ minicc run --max-depth 5 calls/deep.ir 4
  trap: call depth limit exceeded
  [3]
  $ minicc run --max-depth 200000 --max-steps 1000000 calls/deep.ir 150000
  return 150000
  $ minicc run --max-depth 0 calls/deep.ir 4
  minicc run: error: --max-depth must be positive, got '0'
  [2]
  $ minicc run --max-depth 10000001 calls/deep.ir 4
  minicc run: error: --max-depth is too large: 10000001 (at most 10000000)
  [2]

A call to itself with no base case stops at the depth limit:

  $ printf 'func f(i32 n) {\nentry:\n    r = call f(n)\n    return r\n}\n' > $CRAMTMP/loop.ir
  $ minicc run $CRAMTMP/loop.ir 1
  trap: call depth limit exceeded
  [3]

Buffers are passed by reference: a callee's stores are seen by its caller,
and a trap in a callee ends the run with the stores before it kept.

  $ minicc run calls/callee_trap.ir [0,0,0,0] 3
  return 3
  b = [5, 7, 8, 9]
  $ minicc run calls/callee_trap.ir [0,0,0,0] 4
  trap: buffer index 4 outside [0,4)
  b = [5, 0, 8, 0]
  [3]

Mistakes at a call are reported at the call, naming both sides:

  $ cat > $CRAMTMP/bad.ir <<'X'
  > func main(i32 n, buf b) {
  > entry:
  >     x = call nosuch(n)
  >     y = call two(n)
  >     z = call two(b, b)
  >     w = call two(n, 3)
  >     v = call two(7, 3)
  >     return x
  > }
  > func two(buf q, i32 k) {
  > entry:
  >     return k
  > }
  > X
  $ minicc parse $CRAMTMP/bad.ir 2>&1 | grep error | sed "s|$CRAMTMP/||"
  bad.ir:3:14: error: call to unknown function 'nosuch'
  bad.ir:4:14: error: call to 'two' passes 1 argument, but 'two' takes 2 (func two(buf q, i32 k), at 10:1)
  bad.ir:5:21: error: argument 2 of the call to 'two' is the buffer 'b', but parameter 'k' of 'two' is an i32
  bad.ir:6:18: error: argument 1 of the call to 'two' is the scalar 'n', but parameter 'q' of 'two' is a buf
  bad.ir:7:18: error: argument 1 of the call to 'two' is the constant '7', but parameter 'q' of 'two' is a buf

Local buffers: a length in [1, 2^20], defined once, before every use, and
only used as a buffer:

  $ printf 'func f(i32 n) {\nentry:\n    a = buffer 0\n    b = buffer 2000000\n    c = buffer 1048576\n    d = buffer 1048577\n    e = add c, 1\n    return n\n}\n' > $CRAMTMP/b1.ir
  $ minicc parse $CRAMTMP/b1.ir 2>&1 | grep error | sed "s|$CRAMTMP/||"
  b1.ir:3:16: error: buffer length '0' outside [1, 1048576]
  b1.ir:4:16: error: buffer length '2000000' outside [1, 1048576]
  b1.ir:6:16: error: buffer length '1048577' outside [1, 1048576]
  b1.ir:7:13: error: buffer 'c' cannot be used as a scalar
  $ printf 'func f(i32 n) {\nentry:\n    branch n, a, b\na:\n    c = buffer 4\n    jump j\nb:\n    jump j\nj:\n    store c, 0, 1\n    return 0\n}\n' > $CRAMTMP/b2.ir
  $ minicc parse $CRAMTMP/b2.ir 2>&1 | grep error | sed "s|$CRAMTMP/||"
  b2.ir:10:11: error: use of buffer 'c' is not dominated by its definition
  $ printf 'func f(i32 n) {\nentry:\n    c = buffer 4\n    c = buffer 4\n    x = add n, 1\n    x = buffer 3\n    call\n    return 0\n}\n' > $CRAMTMP/b3.ir
  $ minicc parse $CRAMTMP/b3.ir 2>&1 | grep error | sed "s|$CRAMTMP/||"
  b3.ir:4:5: error: buffer 'c' is defined more than once (first at 3:5)
  b3.ir:6:5: error: 'x' is already a scalar (used or assigned above); a local buffer needs a name of its own, defined before its uses
  b3.ir:7:9: error: expected function name after 'call', found the end of the line

Every stage runs calls (tests/run/calls_ssa.t, calls_native.t and
tests/alloc/conventions.t have more), and check compares them all:

  $ for s in ssa opt alloc native; do minicc run --stage $s calls/calls.ir 10; done
  return 9055
  return 9055
  return 9055
  return 9055
  $ minicc check calls/calls.ir 10
  input       return 9055
  ssa         return 9055
  opt         return 9055
  alloc K=1   return 9055
  alloc K=2   return 9055
  alloc K=4   return 9055
  alloc K=16  return 9055
  native      return 9055
  asm x86-64  return 9055
  asm rv64    return 9055
  agree
  $ minicc run --stage opt --func put calls/calls.ir [0] 3
  return 0
  b = [2]

`next` steps over a call as one instruction (`step` enters it: see
tests/repl/frames.t): blocks are numbered in the stepped function, while the step total
(9: main's entry and 4 calls of 2) counts the callees' too. The depth limit
is settable as the step budget is:

  $ minicc <<'X'
  > load calls/deep.ir
  > args 3
  > start
  > next
  > next
  > print r
  > set max-depth 3
  > run
  > set
  > X
  loaded calls/deep.ir: 2 functions
  main(i32 n): SSA form, 1 block
  args: 3
  started main (input) with args 3
  at the start: about to enter entry
  [1] entry
    r = call depth(n)  r = 3
    return r           returns 3
  return 3
  finished after 9 blocks: return 3
  (use start to run it again, or back to step backwards)
  r = 3
  max-depth 3
  trap: call depth limit exceeded
  phi-mode   parallel
  stage      input
  max-steps  100000
  max-depth  3
  regs       4
  allocator  improved
  cc         system

A local buffer and a dropped result as the prompt shows them; the ssa
and alloc views build:

  $ printf 'load calls/calls.ir\nargs 5\nstart\nnext\nssa\nalloc\nlive\n' | minicc 2>&1
  loaded calls/calls.ir: 4 functions
  main(i32 n): SSA form, 1 block
  args: 5
  started main (input) with args 5
  at the start: about to enter entry
  [1] entry
    cell = buffer 1     cell = 1 zeros
    call put(cell, n)   returned 0 (dropped)
    f = load cell, 0    f = 5   (cell[0])
    a = call ack(2, 3)  a = 9
    k = mul a, 1000     k = 9000
    r = add f, k        r = 9005
    return r            returns 9005
  return 9005
  ssa (pruned): main is already in SSA form (kept as it is)
  alloc (improved, K = 4): 5 nodes, 2 registers used, 0 spilled to 0 slots
  entry  in:  n
         out: -

A local buffer at the prompt before and after it is made, and `back` over
a call (to a boundary of the stepped function, not into the callee):

  $ printf 'load calls/calls.ir\nargs 5\nstart\nnexti\nprint cell\nnexti\nnexti\nprint cell\nvalues\nback\nprint cell\nnexti 3\nprint cell\n' | minicc 2>&1
  loaded calls/calls.ir: 4 functions
  main(i32 n): SSA form, 1 block
  args: 5
  started main (input) with args 5
  at the start: about to enter entry
  [1] entry
  cell is not made yet (a local buffer)
  [1] entry (continued)
    cell = buffer 1     cell = 1 zeros
  [1] entry (continued)
    call put(cell, n)   returned 0 (dropped)
  cell = [5]
  n    = 5
  cell = [5]
  at the start: about to enter entry
  cell is not made yet (a local buffer)
  [1] entry
    cell = buffer 1     cell = 1 zeros
    call put(cell, n)   returned 0 (dropped)
  cell = [5]
