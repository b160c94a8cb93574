The optimizer and the extended operations of docs/ir.md §3.1. A div or rem whose
divisor may be zero may trap, so like a load it is never removed and never
moved; a division by a constant zero is never folded (it traps at run time).
A div or rem by a non-zero constant cannot trap (INT_MIN / -1 wraps): it is
pure and folds or goes like add.

SCCP folds the bit operations and `div 12, 4`; `rem n, 1` is 0 and `div 0, n`
is 0 whenever it does not trap, so their uses read 0, but only the rem goes.
The division by zero in the bad arm stays, and so does the unused `div n, 4`
(that one is dce's to remove).

  $ minicc print divtrap.ir --passes sccp
  func divtrap(i32 n, i32 f) {
  entry:
      z = sub n, n
      h = div 0, n
      u = div n, 4
      branch f, bad, good
  bad:
      q = div n, z
      jump good
  good:
      return 8
  }

dce keeps what may trap, unused or not: `h = div 0, n`, and the `div n, z`
whose divisor is a value; `div n, 4` cannot trap and goes.

  $ minicc print divtrap.ir --passes sccp,dce
  func divtrap(i32 n, i32 f) {
  entry:
      z = sub n, n
      h = div 0, n
      branch f, bad, good
  bad:
      q = div n, z
      jump good
  good:
      return 8
  }

The whole pipeline: gvn finds z = 0, and the division by the constant zero
still stands, to trap when the bad arm runs.

  $ minicc print divtrap.ir --stage opt
  func divtrap(i32 n, i32 f) {
  entry:
      h = div 0, n
      branch f, bad, good
  bad:
      q = div n, 0
      jump good
  good:
      return 8
  }
  $ for a in '5 0' '-3 0' '5 1' '0 0' '-2147483648 1'; do minicc run divtrap.ir --stage opt -- $a; done
  return 8
  return 8
  trap: division by zero
  trap: division by zero
  trap: division by zero
  [3]
  $ for a in '5 0' '5 1' '0 0' '0 1'; do minicc check divtrap.ir -- $a | tail -1; done
  agree
  agree
  agree
  agree

gvn: and, or and xor commute, so `b & a` reads `a & b`; x ^ x is 0, x | x,
x & -1 and x shl 32 are x. The second `div a, b` is dominated by the first
(which would already have trapped) and reads d1; the div in the else arm is
not dominated by it and stays, and so does the unused `rem a, b`.

  $ minicc print bitgvn.ir --passes gvn
  func bitgvn(i32 a, i32 b) {
  entry:
      t1 = and a, b
      t2 = or a, b
      t3 = xor a, b
      d1 = div a, b
      s.1 = add t1, t2
      s.2 = add s.1, t3
      s.3 = add s.2, t1
      s.4 = add s.3, t2
      s.5 = add s.4, t3
      s.7 = add s.5, a
      s.8 = add s.7, a
      s.9 = add s.8, a
      branch b, then, else
  then:
      jump join
  else:
      d3 = div b, a
      jump join
  join:
      e.3 = phi [then: d1], [else: d3]
      m = rem a, b
      s.10 = add s.9, e.3
      s.11 = add s.10, d1
      s.12 = sub s.11, d1
      return s.12
  }
  $ for a in '12 10' '12 0' '0 0' '-2147483648 -1' '7 -3'; do minicc run bitgvn.ir --stage opt -- $a; done
  return 93
  trap: division by zero
  trap: division by zero
  return -4
  return 15
  $ for a in '12 10' '12 0' '0 5' '-2147483648 -1' '7 -3'; do minicc check bitgvn.ir -- $a | tail -1; done
  agree
  agree
  agree
  agree
  agree
