minicc check: every stage on fresh copies of the arguments, compared with the input.

Traps and final buffers are part of the outcome.

  $ minicc check ../../tests/ir/fill_oob.ir -- '[9,9,9]' 5
  input       trap: buffer index 3 outside [0,3); b = [0, 1, 4]
  ssa         trap: buffer index 3 outside [0,3); b = [0, 1, 4]
  opt         trap: buffer index 3 outside [0,3); b = [0, 1, 4]
  alloc K=1   trap: buffer index 3 outside [0,3); b = [0, 1, 4]
  alloc K=2   trap: buffer index 3 outside [0,3); b = [0, 1, 4]
  alloc K=4   trap: buffer index 3 outside [0,3); b = [0, 1, 4]
  alloc K=16  trap: buffer index 3 outside [0,3); b = [0, 1, 4]
  native      trap: buffer index 3 outside [0,3); b = [0, 1, 4]
  asm x86-64  trap: buffer index 3 outside [0,3); b = [0, 1, 4]
  asm rv64    trap: buffer index 3 outside [0,3); b = [0, 1, 4]
  agree

A program that never finishes: the interpreters stop at the step budget, the
native code at the time limit. Both mean "did not finish", so they agree.

  $ minicc check ../../lessons/programs/spin.ir --max-steps 500 --timeout 0.5 -- 1
  input       trap: execution step limit exceeded
  ssa         trap: execution step limit exceeded
  opt         trap: execution step limit exceeded
  alloc K=1   trap: execution step limit exceeded
  alloc K=2   trap: execution step limit exceeded
  alloc K=4   trap: execution step limit exceeded
  alloc K=16  trap: execution step limit exceeded
  native      trap: time limit exceeded
  asm x86-64  trap: time limit exceeded
  asm rv64    trap: time limit exceeded
  # no stage finished: the step budget and the time limit agree
  agree
  note: the step budget is 500 block entries; raise it with --max-steps N

A budget too small for a program that does finish: the interpreters stop, the
native code (no step budget) returns. That is reported as a divergence, with a
note that the limit, not a pass, may be to blame.

  $ minicc check ../../share/minicc/examples/swap.ir --max-steps 5 -- 3
  input       trap: execution step limit exceeded
  ssa         trap: execution step limit exceeded
  opt         trap: execution step limit exceeded
  alloc K=1   trap: execution step limit exceeded
  alloc K=2   trap: execution step limit exceeded
  alloc K=4   trap: execution step limit exceeded
  alloc K=16  trap: execution step limit exceeded
  native      return 21
  asm x86-64  return 21
  asm rv64    return 21
  # input stopped at its limit (execution step limit exceeded) and native did not: a larger --max-steps or --timeout may make them agree
  diverge at native
  note: the step budget is 5 block entries; raise it with --max-steps N
  [1]

A stage that cannot run at all is a divergence: here there is no C compiler.

  $ CC=/nonexistent/cc minicc check ../../share/minicc/examples/swap.ir -- 4 | tail -2
  asm rv64    return 12
  diverge at native

  $ CC=/nonexistent/cc minicc check ../../share/minicc/examples/swap.ir -- 4 >/dev/null
  [1]

Bad arguments are diagnosed before any stage runs.

  $ minicc check ../../share/minicc/examples/swap.ir -- '[1]'
  minicc check: error: argument 1 (n): expected an integer for i32, got the list '[1]'
  [2]
