The prompt steps through the extended operations (docs/ir.md §3.1) like any other:
each result is shown, and the div with a zero divisor is the trap.

  $ minicc -c 'load ../ir/ops.ir; args -7 0 [0,0,0,0,0,0,0]; step 1'
  loaded ../ir/ops.ir: 1 function
  ops(i32 a, i32 b, buf out): SSA form, 1 block
  args: -7 0 [0, 0, 0, 0, 0, 0, 0]
  [1] entry
    x = and a, b     x = 0
    store out, 0, x  out[0] = 0
    o = or a, b      o = -7
    store out, 1, o  out[1] = -7
    e = xor a, b     e = -7
    store out, 2, e  out[2] = -7
    l = shl a, b     l = -7
    store out, 3, l  out[3] = -7
    r = shr a, b     r = -7
    store out, 4, r  out[4] = -7
    q = div a, b     trap: division by zero
  trap: division by zero
  out = [0, -7, -7, -7, -7, 0, 0]
INT_MIN / -1 wraps instead of trapping, INT_MIN % -1 is 0; the allocated
machine computes the same.

  $ minicc -c 'load ../ir/ops.ir; args -2147483648 -1 [0,0,0,0,0,0,0]; stepi 12; print q; stepi 3; print m'
  loaded ../ir/ops.ir: 1 function
  ops(i32 a, i32 b, buf out): SSA form, 1 block
  args: -2147483648 -1 [0, 0, 0, 0, 0, 0, 0]
  [1] entry
    x = and a, b     x = -2147483648
    store out, 0, x  out[0] = -2147483648
    o = or a, b      o = -1
    store out, 1, o  out[1] = -1
    e = xor a, b     e = 2147483647
    store out, 2, e  out[2] = 2147483647
    l = shl a, b     l = 0
    store out, 3, l  out[3] = 0
    r = shr a, b     r = -1
    store out, 4, r  out[4] = -1
    q = div a, b     q = -2147483648
  q = -2147483648
  [1] entry (continued)
    store out, 5, q  out[5] = -2147483648
    m = rem a, b     m = 0
    store out, 6, m  out[6] = 0
  m = 0
  $ minicc -c 'load ../ir/ops.ir; args -2147483648 -1 [0,0,0,0,0,0,0]; alloc 2; machine'
  loaded ../ir/ops.ir: 1 function
  ops(i32 a, i32 b, buf out): SSA form, 1 block
  args: -2147483648 -1 [0, 0, 0, 0, 0, 0, 0]
  alloc (improved, K = 2): 9 nodes, 2 registers used, 1 spilled to 1 slot
  # machine: improved allocator, K = 2
  return -2147483648
  out = [-2147483648, -1, 2147483647, 0, -1, -2147483648, 0]
  stats: instructions=14 copies=0 spill_reads=7 spill_writes=1 registers=2 slots=1

`help load` names every instruction.

  $ minicc -c 'help load' | tail -3
  current file name. The instructions (man minicc, IR FORMAT): add sub mul
  lt le eq ne div rem and or xor shl shr (NAME = OP a, b), copy, load,
  store; div and rem by zero trap `division by zero`.
