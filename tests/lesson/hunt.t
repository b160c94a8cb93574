Lesson 11 (the phi-destruction bug hunt) quotes two fuzzer runs and reads
their minimal programs from lessons/programs/. The runs as the lesson tells
a student to type them:

  $ minicc fuzz --mutant destroy-naive --seed 12 --count 1 --stages alloc
  fuzz: seed 12 (program 1 of 1): diverge at alloc K=4 destroy=naive (--mutant)
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

  $ minicc fuzz --mutant destroy-sequential --seed 17 --count 1 --stages alloc
  fuzz: seed 17 (program 1 of 1): diverge at alloc K=4 destroy=sequential (--mutant)
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

The programs the lesson loads are exactly those minimal programs:

  $ minicc fuzz --mutant destroy-naive --seed 12 --count 1 --stages alloc | sed -n '/^func/,/^}/p' | diff - <(grep -v '^#' ../../lessons/programs/hunt_naive.ir) && echo same
  same
  $ minicc fuzz --mutant destroy-sequential --seed 17 --count 1 --stages alloc | sed -n '/^func/,/^}/p' | diff - <(grep -v '^#' ../../lessons/programs/hunt_sequential.ir) && echo same
  same
