The shared corpus tests/ir: each file's header comment states what it computes
and the results for some arguments, worked out by hand from the semantics
(i32 wraparound, simultaneous phis, bounds-checked buffers whose earlier
writes survive a trap). The interpreter must agree with every one of them.

  $ for a in 10 3 2 0; do minicc run ../ir/lost_copy.ir -- $a; done
  return 9
  return 2
  return 1
  return 1

  $ minicc run ../ir/sum.ir -- [3,-1,4,1,5] 5; minicc run ../ir/sum.ir -- [3,-1,4,1,5] 3; minicc run ../ir/sum.ir -- [] 0
  return 12
  b = [3, -1, 4, 1, 5]
  return 6
  b = [3, -1, 4, 1, 5]
  return 0
  b = []

  $ minicc run ../ir/sum.ir -- [3,-1,4,1,5] 6
  trap: buffer index 5 outside [0,5)
  b = [3, -1, 4, 1, 5]
  [3]

  $ for a in "3 10" "10 3" "5 5" "-2147483648 0"; do minicc run ../ir/diamond.ir -- $a; done
  return 14
  return 14
  return 0
  return 0

  $ minicc run ../ir/fill_oob.ir -- [0,0,0] 2; minicc run ../ir/fill_oob.ir -- [0,0,0] 3
  return 2
  b = [0, 1, 0]
  return 3
  b = [0, 1, 4]

  $ minicc run ../ir/fill_oob.ir -- [9,9,9] 5
  trap: buffer index 3 outside [0,3)
  b = [0, 1, 4]
  [3]

  $ minicc run ../ir/fill_oob.ir -- [] 1
  trap: buffer index 0 outside [0,0)
  b = []
  [3]

  $ for a in 5 0 -3 12 13; do minicc run ../ir/fact_mutable.ir -- $a; done
  return 120
  return 1
  return 1
  return 479001600
  return 1932053504

  $ for a in "3 7" "-1 -5" "4 4"; do minicc run ../ir/multi.ir --func max -- $a; done
  return 7
  return -1
  return 4

  $ for a in "12 18" "7 5" "4 4"; do minicc run ../ir/multi.ir --func gcd -- $a; done
  return 6
  return 1
  return 4

  $ minicc run ../ir/multi.ir --func count -- [1,2,1,3,1] 5 1; minicc run ../ir/multi.ir --func count -- [1,2,1,3,1] 2 1; minicc run ../ir/multi.ir --func count -- [] 0 7
  return 3
  b = [1, 2, 1, 3, 1]
  return 1
  b = [1, 2, 1, 3, 1]
  return 0
  b = []

  $ minicc run ../ir/multi.ir --func clear -- [4,5,6] 3; minicc run ../ir/multi.ir --func clear -- [4,5,6] 2
  return 15
  b = [0, 0, 0]
  return 9
  b = [0, 0, 6]

  $ for a in 4 0 -1; do minicc run ../ir/names.ir -- $a; done
  return 10
  return 0
  return 0

  $ for a in 0 1 -4; do minicc run ../ir/wrap.ir -- $a; done
  return -2147483645
  return -2147483644
  return 2147483647
