Calls on the run path (docs/run-path.md): `minicc run` at stage input runs
calls and local buffers itself, on heap frames, in its interpreter loop
(MINICC_JIT=0), in machine code compiled at once (MINICC_JIT=eager) or
tiering up (the default); each gives the stepping interpreter's results.

  $ for j in 0 eager 1; do MINICC_JIT=$j minicc run calls/calls.ir 15; done
  return 9610
  return 9610
  return 9610

The step budget counts block entries in every frame (fib(10): 177 calls of
two entries each), the depth limit counts frames (main and depth(9998) ..
depth(0) are the default 10,000):

  $ for j in 0 eager; do MINICC_JIT=$j minicc run --func fib --max-steps 353 calls/calls.ir 10; done
  trap: execution step limit exceeded
  note: the step budget is 353 block entries; raise it with --max-steps N
  trap: execution step limit exceeded
  note: the step budget is 353 block entries; raise it with --max-steps N
  [3]
  $ for j in 0 eager; do MINICC_JIT=$j minicc run --max-steps 1000000 calls/deep.ir 9998; MINICC_JIT=$j minicc run --max-steps 1000000 calls/deep.ir 9999; done
  return 9998
  trap: call depth limit exceeded
  return 9998
  trap: call depth limit exceeded
  [3]
  $ MINICC_JIT=eager minicc run --max-depth 1000001 --max-steps 3000000 calls/deep.ir 999999
  return 999999

A trap in a callee ends the run; the stores before it (the caller's, the
callee's into the buffer passed down) stay:

  $ for j in 0 eager; do MINICC_JIT=$j minicc run calls/callee_trap.ir [0,0,0,0] 4; done
  trap: buffer index 4 outside [0,4)
  b = [5, 0, 8, 0]
  trap: buffer index 4 outside [0,4)
  b = [5, 0, 8, 0]
  [3]

The bench kernels (bench/calls.c) at small sizes: fib, Ackermann,
Takeuchi, and a quicksort whose callees sort the buffer passed down:

  $ cd ../.. && for j in 0 eager; do MINICC_JIT=$j minicc run bench/calls/fib.ir 20; MINICC_JIT=$j minicc run bench/calls/ack.ir 2 3; MINICC_JIT=$j minicc run bench/calls/tak.ir 12 8 4; MINICC_JIT=$j minicc run bench/calls/qsort.ir [5,3,9,1,7,3,0,8] 8; done
  return 6765
  return 9
  return 5
  return 14
  b = [0, 1, 3, 3, 5, 7, 8, 9]
  return 6765
  return 9
  return 5
  return 14
  b = [0, 1, 3, 3, 5, 7, 8, 9]

Generated programs with calls (`gen --calls N`, 0 to 4 helpers g1..gN
after the entry f): helpers take a depth first and return at once when it
is 0 or less; gK calls itself with its depth less one and the helpers after
it, passing buffers down; some functions have a local buffer. Without
--calls the output is what it was:

  $ minicc gen --seed 7 > $CRAMTMP/a.ir && minicc gen --seed 7 --calls 0 > $CRAMTMP/b.ir && cmp $CRAMTMP/a.ir $CRAMTMP/b.ir
  $ minicc gen --seed 7 --calls 3 > $CRAMTMP/c.ir && head -1 $CRAMTMP/c.ir && grep -c '^func ' $CRAMTMP/c.ir
  # minicc gen --seed 7 --calls 3 (mutable form)
  4
  $ grep -q 'call g' $CRAMTMP/c.ir && grep -q 'depth' $CRAMTMP/c.ir && echo calls
  calls
  $ minicc gen --calls 5
  minicc gen: error: --calls is too large: 5 (at most 4)
  [2]

`fuzz --calls` checks every stage, as without calls, and stage alloc's 48
configurations (four allocators, K = 1, 2, 3, 4, 8, 16, -O1 and -O0) under
each of the three conventions, then 16 more under each with `calls=interfere`
(four allocators, K = 1, 2, 4, 8, -O1): 211 configurations where a call-free run
has 67 (native included: libtcc, or at most 10 programs; asm on x86-64 and,
where its tools are, rv64: at most 100 programs):

  $ minicc fuzz --calls 2 --count 10 --seed 9 2>/dev/null | sed 's/ ([0-9.]* s)$//'
  fuzz: 10 programs (seeds 9..18, 4 SSA, 0 trapping, 0 skipped), 211 configurations, 2110 stage runs, all agree
  $ minicc fuzz --count 10 --seed 9 2>/dev/null | sed 's/ ([0-9.]* s)$//'
  fuzz: 10 programs (seeds 9..18, 4 SSA, 0 trapping, 0 skipped), 67 configurations, 670 stage runs, all agree
  $ minicc fuzz --calls 2 --count 10 --seed 9 --stages alloc,native 2>/dev/null | sed 's/ ([0-9.]* s)$//'
  fuzz: 10 programs (seeds 9..18, 4 SSA, 0 trapping, 0 skipped), 200 configurations, 2000 stage runs, all agree
  $ minicc fuzz --calls 2 --count 20 --seed 1 --mutant no-caller-saves | head -4
  fuzz: seed 2 (program 2 of 20): diverge at alloc K=4 no caller saves (--mutant)
    reproduce: minicc gen --seed 2 --size 30 --calls 2 > prog.ir
    input: return 488
    alloc K=4 no caller saves (--mutant): trap: r1 read after the call to g2 at 0:0 clobbered it (caller-saved under split)
  $ minicc fuzz --calls 2 --count 20 --seed 1 --mutant no-callee-saves | head -4
  fuzz: seed 1 (program 1 of 20): diverge at alloc K=4 no callee saves (--mutant)
    reproduce: minicc gen --seed 1 --size 30 --calls 2 > prog.ir
    input: return 13
    alloc K=4 no callee saves (--mutant): trap: g2 returned with callee-saved r2 changed (was 1, now 2)
