`minicc fuzz --mutant` plants an allocator bug as a stage alloc
configuration checked first; the fuzzer finds it and shrinks the program
to the bug's core.

destroy-naive: copies at the end of the predecessor, no splitting. The
minimal program is the lost-copy problem itself: an inner loop whose back
edge is critical; the copy for head13's phi lands at the end of head13,
which also branches to exit14, and overwrites the value exit14's edge to
head9 reads (i2, the outer phi's operand).

  $ minicc fuzz --mutant destroy-naive --seed 1 --count 300 --stages alloc
  fuzz: seed 12 (program 12 of 300): diverge at alloc K=4 destroy=naive (--mutant)
    reproduce: minicc gen --seed 12 --size 30 --form either > prog.ir
    input: return 2
    alloc K=4 destroy=naive (--mutant): return 3
  minimal program (84 -> 13 lines, 151 candidates, 0 invalid):
  func f() {
  entry:
      jump head9
  head9:
      i1 = phi [entry: 0], [exit14: i1.1]
      a.14 = phi [entry: 0], [exit14: i2]
      t4 = lt i1, 3
      branch t4, body10, exit11
  body10:
      jump head13
  exit11:
      return a.14
  head13:
      i2 = phi [body10: 0], [head13: i2.1]
      i2.1 = sub i2, -1
      t5 = lt i2.1, 3
      branch t5, head13, exit14
  exit14:
      i1.1 = sub i1, -1
      jump head9
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
  fuzz: seed 25 (program 25 of 300): diverge at alloc K=4 param-edges=off (--mutant)
    reproduce: minicc gen --seed 25 --size 30 --form either > prog.ir
    input: return -2
    alloc K=4 param-edges=off (--mutant): return 0
  minimal program (51 -> 2 lines, 68 candidates, 1 invalid):
  func f(i32 p0, i32 p1) {
  entry:
      e = sub p0, p1
      return e
  }
  # args: 0 2
  first divergent stage: alloc K=4 param-edges=off (--mutant)
  [1]

Every fuzz program also runs through the allocation trace (K = 2, 4, both
allocators): the assignment the trace replays to is the machine's.

  $ minicc fuzz --seed 1 --count 40 --stages alloc | sed 's/ ([0-9.]* s)$//'
  fuzz: 40 programs (seeds 1..40, 20 SSA, 8 trapping, 0 skipped), 54 configurations, 2160 stage runs, all agree
