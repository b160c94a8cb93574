Regression inputs found by fuzzing (tests/fuzz/regress/). Each is also
replayed through the libFuzzer target by tests/suite/fuzz.sh.

The reducer's answer to the planted sequential-phi bug: a swap cycle on a
back edge. By hand: entry sets i1=3, k.2=0, l.6=14; the branch goes to
body10 and back to head9, where the phis read (0, 14, 0) together and write
them together, so i1=0, k.2=14, l.6=0, and the function returns l.6 = 0.
(Phis assigned one by one would give l.6 = k.2 = 14.)

  $ minicc check regress/seqphi-swap.ir
  input       return 0
  ssa         return 0
  opt         return 0
  alloc K=1   return 0
  alloc K=2   return 0
  alloc K=4   return 0
  alloc K=16  return 0
  native      return 0
  asm x86-64  return 0
  asm rv64    return 0
  agree
