`minicc fuzz --mutant` plants an allocator bug as a stage alloc
configuration checked first; the fuzzer finds it and shrinks the program
to the bug's core.

destroy-naive: copies at the end of the predecessor, no splitting. The
minimal program is the lost-copy problem itself: one loop whose back edge is
critical; the copy for head8's phi lands at the end of head8, which also
branches to exit9, and overwrites the value exit9 reads.

  $ minicc fuzz --mutant destroy-naive --seed 1 --count 300 --stages alloc
  fuzz: seed 9 (program 9 of 300): diverge at alloc K=4 destroy=naive (--mutant)
    reproduce: minicc gen --seed 9 --size 30 --form either > prog.ir
    input: return 1
    alloc K=4 destroy=naive (--mutant): return 2
  minimal program (65 -> 8 lines, 190 candidates, 10 invalid):
  func f() {
  entry:
      i2 = copy 0
      jump head8
  head8:
      d = copy i2
      i2 = sub i2, -1
      t0 = lt i2, 2
      branch t0, head8, exit9
  exit9:
      t0 = copy d
      return t0
  }
  # args: 
  first divergent stage: alloc K=4 destroy=naive (--mutant)
  [1]

destroy-sequential: each edge's copies one by one. The minimal program
keeps a swap: g and h trade places every iteration (in SSA form their phis
read each other).

  $ minicc fuzz --mutant destroy-sequential --seed 1 --count 300 --stages alloc
  fuzz: seed 17 (program 17 of 300): diverge at alloc K=4 destroy=sequential (--mutant)
    reproduce: minicc gen --seed 17 --size 30 --form either > prog.ir
    input: return 2
    alloc K=4 destroy=sequential (--mutant): return 0
  minimal program (67 -> 9 lines, 178 candidates, 11 invalid):
  func f() {
  entry:
      h = copy 0
      g = copy 2
      jump head15
  head15:
      t1 = copy g
      g = copy h
      h = copy t1
      branch t1, head15, exit16
  exit16:
      t1 = copy g
      return t1
  }
  # args: 
  first divergent stage: alloc K=4 destroy=sequential (--mutant)
  [1]

param-edge: parameters bound together without their interference edge.
The minimal program keeps two live parameters.

  $ minicc fuzz --mutant param-edge --seed 1 --count 300 --stages alloc
  fuzz: seed 1 (program 1 of 300): diverge at alloc K=4 param-edges=off (--mutant)
    reproduce: minicc gen --seed 1 --size 30 --form either > prog.ir
    input: return 0
    alloc K=4 param-edges=off (--mutant): return -1015700281
  minimal program (66 -> 2 lines, 84 candidates, 0 invalid):
  func f(i32 p0, i32 p1, buf m0) {
  entry:
      store m0, 0, p1
      return p0
  }
  # args: 0 -1015700281 [0]
  first divergent stage: alloc K=4 param-edges=off (--mutant)
  [1]

Every fuzz program also runs through the allocation trace (K = 2, 4, both
allocators): the assignment the trace replays to is the machine's.

  $ minicc fuzz --seed 1 --count 40 --stages alloc | sed 's/ ([0-9.]* s)$//'
  fuzz: 40 programs (seeds 1..40, 20 SSA, 8 trapping, 0 skipped), 54 configurations, 2160 stage runs, all agree
