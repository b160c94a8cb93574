The seven extended operations of docs/ir.md §3.1: div rem and or xor shl shr.
tests/ir/ops.ir stores and, or, xor, shl, shr, div, rem of its two arguments
in out[0..6] and returns the quotient. Expected values are worked out by hand
on the 32-bit patterns.

7 and -2 (...11111110): bits 110 survive the and; the shift count -2 & 31 is
30; division truncates toward zero and the remainder has the sign of a.

  $ minicc run ../ir/ops.ir -- 7 -2 '[0,0,0,0,0,0,0]'
  return -3
  out = [6, -1, -7, -1073741824, 0, -3, 1]
  $ minicc run ../ir/ops.ir -- -7 2 '[0,0,0,0,0,0,0]'
  return -3
  out = [0, -5, -5, -28, -2, -3, -1]

INT_MIN / -1 wraps to INT_MIN, INT_MIN % -1 is 0; the shift count -1 is 31,
so shl keeps only the lowest bit and shr fills with the sign.

  $ minicc run ../ir/ops.ir -- -2147483648 -1 '[0,0,0,0,0,0,0]'
  return -2147483648
  out = [-2147483648, -1, 2147483647, 0, -1, -2147483648, 0]

Shift counts 31 and 32 (= 0): only the low five bits count.

  $ minicc run ../ir/ops.ir -- -8 31 '[0,0,0,0,0,0,0]'
  return 0
  out = [24, -1, -25, 0, -1, 0, -8]
  $ minicc run ../ir/ops.ir -- -8 32 '[0,0,0,0,0,0,0]'
  return 0
  out = [32, -8, -40, -8, -8, 0, -8]
  $ minicc run ../ir/ops.ir -- 1 31 '[0,0,0,0,0,0,0]'
  return 0
  out = [1, 31, 30, -2147483648, 0, 0, 1]

A zero divisor traps `division by zero` (exit 3); the five stores before the
division stay visible, the quotient and remainder are never stored.

  $ minicc run ../ir/ops.ir -- -7 0 '[9,9,9,9,9,9,9]'
  trap: division by zero
  out = [0, -7, -7, -7, -7, 9, 9]
  [3]

Every stage agrees, the native code included, at every edge value: INT_MIN,
-1, 0 and the shift counts 31, 32 and -1.

  $ for args in '-2147483648 -1' '-2147483648 0' '2147483647 -1' '0 -2147483648' '-8 31' '-8 32' '-8 -1' '-1 0'; do
  >   minicc check ../ir/ops.ir -- $args '[0,0,0,0,0,0,0]' | tail -1
  > done
  agree
  agree
  agree
  agree
  agree
  agree
  agree
  agree
  $ minicc check ../ir/ops.ir -- -2147483648 0 '[0,0,0,0,0,0,0]'
  input       trap: division by zero; out = [0, -2147483648, -2147483648, -2147483648, -2147483648, 0, 0]
  ssa         trap: division by zero; out = [0, -2147483648, -2147483648, -2147483648, -2147483648, 0, 0]
  opt         trap: division by zero; out = [0, -2147483648, -2147483648, -2147483648, -2147483648, 0, 0]
  alloc K=1   trap: division by zero; out = [0, -2147483648, -2147483648, -2147483648, -2147483648, 0, 0]
  alloc K=2   trap: division by zero; out = [0, -2147483648, -2147483648, -2147483648, -2147483648, 0, 0]
  alloc K=4   trap: division by zero; out = [0, -2147483648, -2147483648, -2147483648, -2147483648, 0, 0]
  alloc K=16  trap: division by zero; out = [0, -2147483648, -2147483648, -2147483648, -2147483648, 0, 0]
  native      trap: division by zero; out = [0, -2147483648, -2147483648, -2147483648, -2147483648, 0, 0]
  asm x86-64  trap: division by zero; out = [0, -2147483648, -2147483648, -2147483648, -2147483648, 0, 0]
  asm rv64    trap: division by zero; out = [0, -2147483648, -2147483648, -2147483648, -2147483648, 0, 0]
  agree

The allocated machine traps the same way at every register budget, both
allocators.

  $ for k in 1 2 3 16; do minicc run ../ir/ops.ir --stage alloc --regs $k --allocator baseline -- 5 0 '[0,0,0,0,0,0,0]' | head -1; done
  trap: division by zero
  trap: division by zero
  trap: division by zero
  trap: division by zero
  $ minicc run ../ir/ops.ir --stage alloc --regs 2 -- -2147483648 -1 '[0,0,0,0,0,0,0]'
  return -2147483648
  out = [-2147483648, -1, 2147483647, 0, -1, -2147483648, 0]

The names are reserved: an opcode cannot name a value, a block or a parameter.

  $ cd $CRAMTMP; printf 'func f(i32 div) {\nentry:\n    return div\n}\n' > p.ir; minicc run p.ir 1
  p.ir:1:12: error: 'div' is reserved and cannot be a name
    func f(i32 div) {
               ^
  p.ir:3:12: error: expected value after 'return', found 'div'
        return div
               ^
  [2]
  $ cd $CRAMTMP; printf 'func f(i32 a) {\nentry:\n    shl = add a, 1\n    return shl\n}\n' > v.ir; minicc run v.ir 1
  v.ir:3:5: error: 'shl' is reserved and cannot be a name
        shl = add a, 1
        ^
  v.ir:4:12: error: expected value after 'return', found 'shl'
        return shl
               ^
  [2]
  $ cd $CRAMTMP; printf 'func f(i32 a) {\nxor:\n    return a\n}\n' > b.ir; minicc run b.ir 1
  b.ir:2:1: error: 'xor' is reserved and cannot be a name
    xor:
    ^
  [2]

Each takes two operands and has a destination.

  $ cd $CRAMTMP; printf 'func f(i32 a) {\nentry:\n    x = div a\n    return x\n}\n' > n.ir; minicc run n.ir 1
  n.ir:3:14: error: expected ',' after operand, found the end of the line
        x = div a
                 ^
  [2]
  $ cd $CRAMTMP; printf 'func f(i32 a) {\nentry:\n    rem a, 2\n    return a\n}\n' > d.ir; minicc run d.ir 1
  d.ir:3:5: error: 'rem' needs a destination (NAME = rem ...)
        rem a, 2
        ^
  [2]

Generated programs use every operation (minicc gen); a few divide by a value
that may be zero or by the constant 0. Seed 61 does, and traps at every
stage, native included; the optimizer keeps the division by 0.

  $ minicc gen --seed 61 > $CRAMTMP/g.ir; grep -c ' = \(div\|rem\|and\|or\|xor\|shl\|shr\) ' $CRAMTMP/g.ir
  5
  $ grep ' = div .*, 0$' $CRAMTMP/g.ir; minicc print $CRAMTMP/g.ir --stage opt | grep ' = div .*, 0$'
      b = div b, 0
      b.12 = div 1, 0
  $ eval minicc check $CRAMTMP/g.ir -- $(sed -n 's/^# args: //p' $CRAMTMP/g.ir) | cut -c1-34
  input       trap: division by zero
  ssa         trap: division by zero
  opt         trap: division by zero
  alloc K=1   trap: division by zero
  alloc K=2   trap: division by zero
  alloc K=4   trap: division by zero
  alloc K=16  trap: division by zero
  native      trap: division by zero
  asm x86-64  trap: division by zero
  asm rv64    trap: division by zero
  agree
The figures of the README's `minicc fuzz` example (generated programs changed
when the generator began to use these operations):

  $ minicc fuzz --count 2000 --seed 1 --cc system | sed 's/ ([0-9.]* s)$//'
  fuzz: 2000 programs (seeds 1..2000, 999 SSA, 325 trapping, 0 skipped), 59 configurations, 118000 stage runs, all agree
  $ minicc fuzz --mutant seqphi --count 200 --form ssa --stages ssa | sed -n '1,4p;/^minimal program/p' | grep -v reproduce
  fuzz: seed 23 (program 23 of 200): diverge at input with sequential phis (--mutant)
    input: return -2
    input with sequential phis (--mutant): return 0
  minimal program (93 -> 7 lines, 117 candidates, 0 invalid):

The verifier treats their operands like add's: a buffer is no divisor.

  $ cd $CRAMTMP; printf 'func f(buf m, i32 a) {\nentry:\n    x = div a, m\n    return x\n}\n' > m.ir; minicc run m.ir [1] 1
  m.ir:3:16: error: buffer 'm' cannot be used as a scalar
        x = div a, m
                   ^
  [2]
