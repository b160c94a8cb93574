The C backend with calls (docs/native.md): one C function per IR function
the run reaches, a buffer passed as pointer + length, local buffers on the
heap, a trap in a callee ending every frame, and the depth limit checked
before every call.

Every example of calls/ against the interpreter, through every stage
(check's rows: input, ssa, opt, alloc at four K and native), on results,
traps and buffers:

  $ while read f fn args; do
  >   out=$(minicc check --max-steps 1000000 --func $fn calls/$f $args)
  >   echo "$out" | tail -1 | sed "s|^|$f $fn $args: |"
  >   echo "$out" | grep -q '^native ' || echo "no native row: $f"
  > done <<'X'
  > calls.ir main 10
  > calls.ir main 1
  > calls.ir put [0] 12
  > calls.ir fib 15
  > calls.ir ack 2 3
  > callee_trap.ir main [0,0,0,0] 3
  > callee_trap.ir main [0,0,0,0] 4
  > callee_trap.ir main [0,0,0,0] -1
  > deep.ir main 9998
  > deep.ir main 9999
  > sum.ir main 3
  > sum.ir main -2147483648
  > loopbuf.ir main 5
  > loopbuf.ir quot 7 0
  > loopbuf.ir quot -2147483648 -1
  > X
  calls.ir main 10: agree
  calls.ir main 1: agree
  calls.ir put [0] 12: agree
  calls.ir fib 15: agree
  calls.ir ack 2 3: agree
  callee_trap.ir main [0,0,0,0] 3: agree
  callee_trap.ir main [0,0,0,0] 4: agree
  callee_trap.ir main [0,0,0,0] -1: agree
  deep.ir main 9998: agree
  deep.ir main 9999: agree
  sum.ir main 3: agree
  sum.ir main -2147483648: agree
  loopbuf.ir main 5: agree
  loopbuf.ir quot 7 0: agree
  loopbuf.ir quot -2147483648 -1: agree

Recursion of depth 10,000 (the default limit: main and depth(9998) ..
depth(0)) runs natively, one more frame traps, and --max-depth moves the
limit as at stage input:

  $ minicc run --stage native calls/deep.ir 9998
  return 9998
  $ minicc run --stage native calls/deep.ir 9999
  trap: call depth limit exceeded
  [3]
  $ minicc run --stage native --max-depth 5 calls/deep.ir 3
  return 3
  $ minicc run --stage native --max-depth 5 calls/deep.ir 4
  trap: call depth limit exceeded
  [3]

The generated code runs on a stack sized for the limit, so a deep limit
does not overflow the native stack (a million frames, more than the main
thread's usual 8 MB would hold):

  $ minicc run --stage native --max-depth 1000002 calls/deep.ir 1000000
  return 1000000

A trap in a callee keeps the stores made before it, as the interpreter
does:

  $ minicc run --stage native calls/callee_trap.ir [0,0,0,0] 4
  trap: buffer index 4 outside [0,4)
  b = [5, 0, 8, 0]
  [3]

The generated C compiles without a warning under -Wall -Wextra -Wpedantic
-Werror, for every function of every example here, -O0 and -O1, and each
IR function is one C function:

  $ t=$(mktemp -d); for f in calls/*.ir; do
  >   for fn in $(sed -n 's/^func \([^(]*\)(.*/\1/p' $f); do
  >     for O in -O0 -O1; do
  >       minicc emit-c $O --func $fn $f > $t/gen.c || echo "emit-c failed: $f $fn"
  >       cc -std=c11 -Wall -Wextra -Wpedantic -Werror -O2 -c $t/gen.c -o $t/gen.o || echo "warnings: $f $fn $O"
  >     done
  >   done
  > done; rm -rf $t
  $ minicc emit-c calls/calls.ir | grep '^static int32_t minicc_f.*) {$' | sed 's/(.*//'
  static int32_t minicc_f0
  static int32_t minicc_f1
  static int32_t minicc_f2
  static int32_t minicc_f3

At the prompt, `native` takes the depth limit from `set max-depth`:

  $ printf 'load calls/deep.ir\nargs 4\nset max-depth 5\nnative\nset max-depth 6\nnative\n' | minicc 2>&1 | grep -v '^loaded\|^main\|^args'
  max-depth 5
  # native (C from ssa)
  trap: call depth limit exceeded
  max-depth 6
  # native (C from ssa)
  return 4
