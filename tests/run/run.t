minicc run: executing the input stage (docs/ir.md §5). Expected values are worked
out by hand from the chapter's semantics (see each .ir file's header).

The chapter's swap loop: 12 for an even count, 21 for an odd one.

  $ S=../../share/minicc/examples/swap.ir
  > for n in 0 1 2 3 10 11; do minicc run $S $n; done
  return 12
  return 21
  return 12
  return 21
  return 12
  return 21

A negative count never enters the loop; negative numbers are arguments even
without "--", and "--" works too.

  $ minicc run ../../share/minicc/examples/swap.ir -5
  return 12
  $ minicc run ../../share/minicc/examples/swap.ir -- -5
  return 12
  $ minicc run --max-steps 5 ../../share/minicc/examples/swap.ir 1 --stage input
  return 21

Buffers: final contents are printed after the result.

  $ minicc run ../ir/sum.ir [3,-1,4,1,5] 5
  return 12
  b = [3, -1, 4, 1, 5]
  $ minicc run ../ir/sum.ir '[3, -1, 4, 1, 5]' 3
  return 6
  b = [3, -1, 4, 1, 5]
  $ minicc run ../ir/sum.ir [] 0
  return 0
  b = []

Traps exit with 3 and show the buffers as left at the trap: earlier writes
stay visible.

  $ minicc run ../ir/sum.ir [3,-1,4,1,5] 6
  trap: buffer index 5 outside [0,5)
  b = [3, -1, 4, 1, 5]
  [3]
  $ minicc run ../ir/fill_oob.ir [9,9,9] 5
  trap: buffer index 3 outside [0,3)
  b = [0, 1, 4]
  [3]
  $ minicc run ../ir/fill_oob.ir [0,0,0] 2
  return 2
  b = [0, 1, 0]
  $ minicc run ../ir/fill_oob.ir [] 1
  trap: buffer index 0 outside [0,0)
  b = []
  [3]

A negative index traps too (it never wraps around to the end).

  $ minicc run ../ir/multi.ir --func clear [4,5,6] -1
  return 0
  b = [4, 5, 6]
  $ minicc run ../ir/multi.ir --func count [1,2] 3 1
  trap: buffer index 2 outside [0,2)
  b = [1, 2]
  [3]

Functions are chosen with --func; the default is the first one.

  $ minicc run ../ir/multi.ir 3 7
  return 7
  $ minicc run ../ir/multi.ir --func gcd 12 18
  return 6
  $ minicc run ../ir/multi.ir --func=count [1,2,1,3,1] 5 1
  return 3
  b = [1, 2, 1, 3, 1]
  $ minicc run ../ir/multi.ir --func clear [4,5,6] 2
  return 9
  b = [0, 0, 6]
  $ minicc run ../ir/multi.ir --func nope 1
  minicc run: error: no function named 'nope' (available: max, gcd, count, clear)
  [2]

The other example files.

  $ minicc run ../ir/diamond.ir 3 10 && minicc run ../ir/diamond.ir 10 3 && minicc run ../ir/diamond.ir -2147483648 0
  return 14
  return 14
  return 0
  $ for n in 5 0 -3 12 13; do minicc run ../ir/fact_mutable.ir $n; done
  return 120
  return 1
  return 1
  return 479001600
  return 1932053504
  $ for n in 10 3 2 0; do minicc run ../ir/lost_copy.ir $n; done
  return 9
  return 2
  return 1
  return 1
  $ for n in 4 0 -1; do minicc run ../ir/names.ir $n; done
  return 10
  return 0
  return 0
  $ for x in 0 1 -4; do minicc run ../ir/wrap.ir $x; done
  return -2147483645
  return -2147483644
  return 2147483647

i32 edge values.

  $ minicc run edge.ir 2147483647
  return -2147483648
  $ minicc run edge.ir --func neg -2147483648
  return -2147483648
  $ minicc run edge.ir --func neg 5
  return -5
  $ minicc run edge.ir --func less -1 0; minicc run edge.ir --func less 2147483647 -2147483648
  return 1
  return 0

The step budget counts block entries. countdown(3) enters 2*3 + 3 = 9
blocks: a budget of 9 is enough, 8 is not.

  $ minicc run loop.ir --func countdown --max-steps 9 3
  return 0
  $ minicc run loop.ir --func countdown --max-steps 8 3
  trap: execution step limit exceeded
  note: the step budget is 8 block entries; raise it with --max-steps N
  [3]
  $ minicc run loop.ir 0
  trap: execution step limit exceeded
  note: the step budget is 100000 block entries; raise it with --max-steps N
  [3]
  $ minicc run loop.ir --max-steps 1 0
  trap: execution step limit exceeded
  note: the step budget is 1 block entry; raise it with --max-steps N
  [3]

A function with no values at all: nothing to decode into slots.

  $ printf 'func f() {\nentry:\n    return 0\n}\n' > noslots.ir && minicc run noslots.ir; rm -f noslots.ir
  return 0
