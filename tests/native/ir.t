Native code agrees with the interpreter on every IR test program
(tests/ir/*.ir), with the arguments their comments name: agree.sh runs
stage input, stage native and stage native -O0 and prints the native result
only when all three agree (output, buffers and exit status).

  $ sh agree.sh ../ir/diamond.ir 3 10
  return 14
  $ sh agree.sh ../ir/diamond.ir 10 3
  return 14
  $ sh agree.sh ../ir/diamond.ir 5 5
  return 0
  $ sh agree.sh ../ir/diamond.ir -2147483648 0
  return 0
  $ sh agree.sh ../ir/fact_mutable.ir 5
  return 120
  $ sh agree.sh ../ir/fact_mutable.ir 0
  return 1
  $ sh agree.sh ../ir/fact_mutable.ir -3
  return 1
  $ sh agree.sh ../ir/fact_mutable.ir 12
  return 479001600
  $ sh agree.sh ../ir/fact_mutable.ir 13
  return 1932053504
  $ sh agree.sh ../ir/fill_oob.ir [0,0,0] 2
  return 2
  b = [0, 1, 0]
  $ sh agree.sh ../ir/fill_oob.ir [0,0,0] 3
  return 3
  b = [0, 1, 4]
  $ sh agree.sh ../ir/fill_oob.ir [9,9,9] 5
  trap: buffer index 3 outside [0,3)
  b = [0, 1, 4]
  [3]
  $ sh agree.sh ../ir/fill_oob.ir [] 1
  trap: buffer index 0 outside [0,0)
  b = []
  [3]
  $ sh agree.sh ../ir/lost_copy.ir 10
  return 9
  $ sh agree.sh ../ir/lost_copy.ir 3
  return 2
  $ sh agree.sh ../ir/lost_copy.ir 2
  return 1
  $ sh agree.sh ../ir/lost_copy.ir 0
  return 1
  $ sh agree.sh ../ir/multi.ir --func max 3 7
  return 7
  $ sh agree.sh ../ir/multi.ir --func max -1 -5
  return -1
  $ sh agree.sh ../ir/multi.ir --func max 4 4
  return 4
  $ sh agree.sh ../ir/multi.ir --func gcd 12 18
  return 6
  $ sh agree.sh ../ir/multi.ir --func gcd 7 5
  return 1
  $ sh agree.sh ../ir/multi.ir --func count [1,2,1,3,1] 5 1
  return 3
  b = [1, 2, 1, 3, 1]
  $ sh agree.sh ../ir/multi.ir --func count [1,2,1,3,1] 2 1
  return 1
  b = [1, 2, 1, 3, 1]
  $ sh agree.sh ../ir/multi.ir --func count [] 0 7
  return 0
  b = []
  $ sh agree.sh ../ir/multi.ir --func count [1,2,1,3,1] 6 1
  trap: buffer index 5 outside [0,5)
  b = [1, 2, 1, 3, 1]
  [3]
  $ sh agree.sh ../ir/multi.ir --func clear [4,5,6] 3
  return 15
  b = [0, 0, 0]
  $ sh agree.sh ../ir/multi.ir --func clear [4,5,6] 2
  return 9
  b = [0, 0, 6]
  $ sh agree.sh ../ir/multi.ir --func clear [4,5,6] 4
  trap: buffer index 3 outside [0,3)
  b = [0, 0, 0]
  [3]
  $ sh agree.sh ../ir/names.ir 4
  return 10
  $ sh agree.sh ../ir/names.ir 0
  return 0
  $ sh agree.sh ../ir/names.ir -1
  return 0
  $ sh agree.sh ../ir/sum.ir [3,-1,4,1,5] 5
  return 12
  b = [3, -1, 4, 1, 5]
  $ sh agree.sh ../ir/sum.ir [3,-1,4,1,5] 3
  return 6
  b = [3, -1, 4, 1, 5]
  $ sh agree.sh ../ir/sum.ir [] 0
  return 0
  b = []
  $ sh agree.sh ../ir/sum.ir [3,-1,4,1,5] 6
  trap: buffer index 5 outside [0,5)
  b = [3, -1, 4, 1, 5]
  [3]
  $ sh agree.sh ../ir/wrap.ir 0
  return -2147483645
  $ sh agree.sh ../ir/wrap.ir 1
  return -2147483644
  $ sh agree.sh ../ir/wrap.ir -4
  return 2147483647
  $ sh agree.sh ../../share/minicc/examples/swap.ir 0
  return 12
  $ sh agree.sh ../../share/minicc/examples/swap.ir 7
  return 21
