Nasty inputs at the prompt: every error names what was wrong, goes to stderr
as FILE:LINE: error: ... in batch mode, and never loses the session's state.

Nothing loaded yet:

  $ minicc <<'EOF'
  > step
  > run
  > list
  > print a
  > args 1
  > break head
  > ssa
  > EOF
  <stdin>:1: error: step: no function loaded (try: load FILE)
  <stdin>:2: error: run: no function loaded (try: load FILE)
  <stdin>:3: error: list: no function loaded (try: load FILE)
  <stdin>:4: error: print: no function loaded (try: load FILE)
  <stdin>:5: error: args: no function loaded (try: load FILE)
  <stdin>:6: error: break: no function loaded (try: load FILE)
  <stdin>:7: error: ssa: no function loaded (try: load FILE)
  [1]

Unknown commands, ambiguous prefixes, missing and extra arguments, unknown
words, bad and huge numbers, an unterminated quote:

  $ minicc <<'EOF'
  > frobnicate
  > st
  > load ../../share/minicc/examples/swap.ir
  > load
  > source
  > print
  > dot
  > quit now
  > show bogus
  > ssa maximal
  > destroy sideways
  > alloc 0
  > alloc 4 greedy
  > alloc 99999999999999999999999
  > opt nosuchpass
  > set phi-mode weird
  > set colour blue
  > set stage
  > step 0
  > step -1
  > step abc
  > step 1e3
  > back 100000000000000000000
  > sweep 1025
  > args "unterminated
  > help nope
  > EOF
  <stdin>:1: error: unknown command 'frobnicate' (try: help)
  <stdin>:2: error: ambiguous command 'st': start, step, stepi
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  ../../share/minicc/examples/swap.ir
  <stdin>:5: error: source: missing FILE (usage: source FILE)
  <stdin>:6: error: print: missing NAME (usage: print NAME...)
  <stdin>:7: error: dot: missing picture (usage: dot cfg|interference|dom [FILE])
  <stdin>:8: error: quit: unexpected argument 'now' (see: help quit)
  <stdin>:9: error: show: unknown form 'bogus' (input, ssa, opt, destroyed, allocated, c)
  <stdin>:10: error: ssa: unknown kind 'maximal' (minimal, semi, pruned)
  <stdin>:11: error: destroy: unknown mode 'sideways' (baseline, improved, naive, sequential)
  <stdin>:12: error: alloc: 0 is out of range (1..4096)
  <stdin>:13: error: alloc: unknown allocator 'greedy' (baseline, improved, linear, ssa)
  <stdin>:14: error: alloc: 99999999999999999999999 is out of range (1..4096)
  <stdin>:15: error: opt: unknown pass 'nosuchpass' (see: passes)
  <stdin>:16: error: set phi-mode: unknown mode 'weird' (parallel, sequential)
  <stdin>:17: error: set: unknown setting 'colour' (phi-mode, stage, max-steps, max-depth, regs, allocator, alloc, convention, cc, target, asm-bug)
  <stdin>:18: error: set: missing value for 'stage' (see: help set)
  <stdin>:19: error: step: 0 is out of range (1..1000000000)
  <stdin>:20: error: step: -1 is out of range (1..1000000000)
  <stdin>:21: error: step: 'abc' is not a number
  <stdin>:22: error: step: '1e3' is not a number
  <stdin>:23: error: back: 100000000000000000000 is out of range (1..1000000000)
  <stdin>:24: error: sweep: 1025 is out of range (1..1024)
  <stdin>:25: error: unterminated " quote
  <stdin>:26: error: help: unknown command 'nope' (try: help)
  [1]

A file that does not exist or does not parse keeps the loaded module (the
parse error is shown with line:column and a caret); bad arguments keep the
old arguments; the interpreter position and breakpoints survive all of it.

  $ minicc <<'EOF'
  > load ../../share/minicc/examples/swap.ir
  > args 3
  > break exit
  > step 2
  > load missing.ir
  > load bad_syntax.ir
  > args 99999999999
  > args 1 2
  > args [1,2]
  > args
  > break
  > where
  > step
  > EOF
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  args: 3
  breakpoint at exit
  [1] entry
    i0 = copy 0           i0 = 0
    jump head             -> head
  [2] head <- entry
    edge head <- entry: (a, b, i) := (1, 2, i0)   [simultaneous]
      a  reads 1  = 1    - -> 1
      b  reads 2  = 2    - -> 2
      i  reads i0 = 0    - -> 0
    c = lt i, n           c = 1
    branch c, body, exit  c = 1 -> body
  missing.ir: error: cannot read missing.ir: No such file or directory
  <stdin>:5: error: 'missing.ir' not loaded (1 error); still using ../../share/minicc/examples/swap.ir
  bad_syntax.ir:3:9: error: unknown opcode 'ad' (did you mean 'add'?)
        x = ad n, 1
            ^
  <stdin>:6: error: 'bad_syntax.ir' not loaded (1 error); still using ../../share/minicc/examples/swap.ir
  <stdin>:7: error: args: argument 1 (n): 99999999999 is out of range for i32
  <stdin>:8: error: args: expected 1 argument (n), got 2
  <stdin>:9: error: args: argument 1 (n): expected an integer for i32, got the list '[1,2]'
  args: 3
  breakpoint at exit
  after 2 blocks: about to enter body from head
  [3] body <- head
    i1 = add i, 1         i1 = 1
    jump head             -> head
  [1]

Huge numbers in arguments and in the program itself:

  $ minicc -c 'load ../ir/wrap.ir; args 2147483648'
  loaded ../ir/wrap.ir: 1 function
  wrap(i32 x): SSA form, 1 block
  -c:2: error: args: argument 1 (x): 2147483648 is out of range for i32
  [1]
  $ minicc -c 'load ../ir/wrap.ir; args -2147483649'
  loaded ../ir/wrap.ir: 1 function
  wrap(i32 x): SSA form, 1 block
  -c:2: error: args: argument 1 (x): -2147483649 is out of range for i32
  [1]

Stepping past the end, back before the start, continuing a finished run:

  $ minicc -c 'load ../../share/minicc/examples/swap.ir; args 0; step 100; step; continue; back 1000; back'
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  args: 0
  [1] entry
    i0 = copy 0           i0 = 0
    jump head             -> head
  [2] head <- entry
    edge head <- entry: (a, b, i) := (1, 2, i0)   [simultaneous]
      a  reads 1  = 1    - -> 1
      b  reads 2  = 2    - -> 2
      i  reads i0 = 0    - -> 0
    c = lt i, n           c = 0
    branch c, body, exit  c = 0 -> exit
  [3] exit <- head
    t = mul a, 10         t = 10
    r = add t, b          r = 12
    return r              returns 12
  return 12
  finished after 3 blocks: return 12
  (use start to run it again, or back to step backwards)
  finished after 3 blocks: return 12
  at the start: about to enter entry
  at the start: about to enter entry

`func` with a name that does not exist, `delete` of a breakpoint that is not
set, `print` of a value that does not exist or is not assigned yet:

  $ minicc -c 'load ../../share/minicc/examples/swap.ir; args 1; func nope; delete head; start; print zz; print t; func'
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  args: 1
  -c:3: error: func: no function 'nope' in ../../share/minicc/examples/swap.ir (available: swap)
  -c:4: error: delete: no breakpoint at 'head'
  started swap (input) with args 1
  at the start: about to enter entry
  -c:6: error: print: no value 'zz' in swap
  t is not assigned yet
  * swap(i32 n): SSA form, 4 blocks
  [1]

A constant outside the i32 range in a loaded file:

  $ minicc -c 'load bad_huge.ir'
  bad_huge.ir:3:16: error: integer 2147483648 out of range for i32
        x = add n, 2147483648
                   ^
  -c:1: error: 'bad_huge.ir' not loaded (1 error)
  [1]

Several functions in one file: `func` lists and selects; arguments that fit
the new function's parameters are kept, others are dropped (and it says so).

  $ minicc -c 'load ../ir/multi.ir; func; args 12 18; run; func gcd; run; func clear; run; func nope'
  loaded ../ir/multi.ir: 4 functions
  max(i32 a, i32 b): SSA form, 3 blocks
  * max(i32 a, i32 b): SSA form, 3 blocks
    gcd(i32 a, i32 b): mutable form, 6 blocks
    count(buf b, i32 n, i32 v): SSA form, 6 blocks
    clear(buf b, i32 n): mutable form, 4 blocks
  args: 12 18
  return 18
  gcd(i32 a, i32 b): mutable form, 6 blocks
  return 6
  clear(buf b, i32 n): mutable form, 4 blocks
  args: (not set: the old arguments do not fit these parameters)
  -c:8: error: run: no arguments for clear(buf b, i32 n) (try: args [1,2,3] 4)
  -c:9: error: func: no function 'nope' in ../ir/multi.ir (available: max, gcd, count, clear)
  [1]

An unclosed bracket swallows the rest of the line but never the line ending:

  $ printf 'load ../ir/sum.ir\nargs [1, 2\nargs [1, 2] 2\n' | minicc
  loaded ../ir/sum.ir: 1 function
  sum(buf b, i32 n): SSA form, 4 blocks
  <stdin>:2: error: args: expected 2 arguments (b, n), got 1
  args: [1, 2] 2
  [1]

A function with no values at all (no parameter, no instruction): the run path's
value array is empty, and `run` must not hand memcpy a null pointer (the
sanitizer build of `make asan` runs this file and fails on it):

  $ cd "$CRAMTMP" && printf 'func f() {\nentry:\n    return 7\n}\n' > novalues.ir
  $ cd "$CRAMTMP" && minicc -c 'load novalues.ir; run; run'
  loaded novalues.ir: 1 function
  f(): SSA form, 1 block
  return 7
  return 7
