minicc run: bad programs, bad arguments and bad options exit with 2 and a
diagnostic on stderr.

A file error is FILE:LINE:COL with the source line and a caret.

  $ minicc run bad.ir 1
  bad.ir:3:9: error: unknown opcode 'frob' (opcodes: add sub mul lt le eq ne and or xor shl shr div rem copy load call buffer phi)
        x = frob n, 1
            ^
  [2]
  $ minicc run missing.ir 1
  minicc run: error: cannot read missing.ir: No such file or directory
  [2]

Arguments of each kind of mistake.

  $ minicc run ../ir/sum.ir [1,2]
  minicc run: error: expected 2 arguments (b, n), got 1
  [2]
  $ minicc run ../ir/sum.ir [1,2] 1 2
  minicc run: error: expected 2 arguments (b, n), got 3
  [2]
  $ minicc run ../ir/sum.ir 1 2
  minicc run: error: argument 1 (b): expected a list such as [1, 2, 3] for buf, got '1'
  [2]
  $ minicc run ../ir/sum.ir [1] [2]
  minicc run: error: argument 2 (n): expected an integer for i32, got the list '[2]'
  [2]
  $ minicc run ../ir/sum.ir [1] 2147483648
  minicc run: error: argument 2 (n): 2147483648 is out of range for i32
  [2]
  $ minicc run ../ir/sum.ir [1] -2147483649
  minicc run: error: argument 2 (n): -2147483649 is out of range for i32
  [2]
  $ minicc run ../ir/sum.ir [1,,2] 1
  minicc run: error: argument 1 (b): malformed list '[1,,2]': expected a number before ','
  [2]
  $ minicc run ../ir/sum.ir [1,2 1
  minicc run: error: argument 1 (b): malformed list '[1,2': missing ']'
  [2]
  $ minicc run ../ir/sum.ir [1,2] 1x
  minicc run: error: argument 2 (n): '1x' is not an integer
  [2]
  $ minicc run ../ir/sum.ir [1,2,] 1
  minicc run: error: argument 1 (b): malformed list '[1,2,]': expected a number before ']'
  [2]
  $ minicc run ../ir/sum.ir [1,99999999999] 1
  minicc run: error: argument 1 (b): element 2: 99999999999 is out of range for i32
  [2]

Both arguments wrong: both are reported.

  $ minicc run ../ir/sum.ir 1 [2]
  minicc run: error: argument 1 (b): expected a list such as [1, 2, 3] for buf, got '1'
  minicc run: error: argument 2 (n): expected an integer for i32, got the list '[2]'
  [2]

Options.

  $ minicc run ../ir/sum.ir --regs 0 [1] 1
  minicc run: error: --regs must be at least 1, got '0'
  [2]
  $ minicc run ../ir/sum.ir --max-steps 0 [1] 1
  minicc run: error: --max-steps must be positive, got '0'
  [2]
  $ minicc run ../ir/sum.ir --max-steps -3 [1] 1
  minicc run: error: --max-steps must be positive, got '-3'
  [2]
  $ minicc run ../ir/sum.ir --max-steps lots [1] 1
  minicc run: error: --max-steps expects a number, got 'lots'
  [2]
  $ minicc run ../ir/sum.ir [1] 1 --max-steps
  minicc run: error: --max-steps needs a value
  [2]
  $ minicc run ../ir/sum.ir --stage fast [1] 1
  minicc run: error: unknown stage 'fast' (stages: input, ssa, opt, alloc, native, asm)
  [2]
  $ minicc run ../ir/sum.ir --allocator best [1] 1
  minicc run: error: unknown allocator 'best' (baseline, improved, linear or ssa)
  [2]
  $ minicc run ../ir/sum.ir --frobnicate [1] 1
  minicc run: error: unknown option '--frobnicate'
  [2]
  $ minicc run ../ir/sum.ir -O3 [1] 1
  minicc run: error: unknown option '-O3'
  [2]
  $ minicc run ../ir/sum.ir --stats=yes [1] 1
  minicc run: error: --stats takes no value
  [2]
  $ minicc run
  minicc run: error: missing FILE
  [2]
  $ minicc run --timeout 0 ../ir/sum.ir [1] 1
  minicc run: error: --timeout must be a positive number of seconds, got '0'
  [2]

`--help` anywhere before `--` prints the command's usage and exits 0.

  $ minicc run --help
  usage: minicc run FILE [--func NAME] [--stage STAGE] [--regs K] [--allocator baseline|improved|linear|ssa] [--alloc-opt LIST] [--trace-alloc] [-O0|-O1] [--max-steps N] [--max-depth N] [--stats] [--timeout S] [--keep-c DIR] [--cc system|tcc] [--target x86-64|rv64] [--keep-asm DIR] [--asm-bug NAME] [--] ARG...
  execute a function at one stage of the pipeline
  FILE is IR, or MiniC (C, lowered to IR) when its name ends in .c; --lang c|ir says which.
  $ minicc check ../ir/sum.ir -h | head -1
  usage: minicc check FILE [--func NAME] [-O0|-O1] [--max-steps N] [--allocator A] [--alloc-opt LIST] [--timeout S] [--keep-c DIR] [--cc system|tcc] [--targets x86-64,rv64|all] [--asm-bug NAME] [--] ARG...
  $ minicc emit-c --help | head -1
  usage: minicc emit-c FILE [--func NAME] [-O0|-O1]
  $ minicc parse --help | head -1
  usage: minicc parse FILE|-

FILE may be `-` for standard input (diagnostics then say `<stdin>`); a `-`
after FILE is not an option.

  $ minicc run - [3,-1,4,1,5] 3 < ../ir/sum.ir
  return 6
  b = [3, -1, 4, 1, 5]
  $ minicc check - [] 0 < ../ir/sum.ir | tail -1
  agree
  $ printf 'func f(i32 n) {\nentry:\n    return m\n}\n' | minicc run - 1
  <stdin>:3:12: error: use of undefined value 'm'
        return m
               ^
  [2]
  $ minicc run ../ir/sum.ir - < ../ir/sum.ir
  minicc run: error: unknown option '-'
  [2]

An option for another stage is ignored, with a note on stderr (the outcome and
exit status do not change).

  $ minicc run ../ir/sum.ir --stats [1,2] 2
  minicc run: note: --stats applies to --stage alloc only (ignored at stage input)
  return 3
  b = [1, 2]
  $ minicc run ../ir/sum.ir --stage native --regs 2 [1,2] 2 2>/dev/null
  return 3
  b = [1, 2]

A list the shell split at its blanks, as minicc prints buffers, is joined back
into one argument (up to its ']'; a list that never closes is left alone).

  $ minicc run ../ir/sum.ir [3, -1, 4] 3
  return 6
  b = [3, -1, 4]
  $ minicc run ../ir/sum.ir [ 3 , 1 ] --stage ssa 2
  return 4
  b = [3, 1]
  $ minicc run ../ir/sum.ir [1,2 1
  minicc run: error: argument 1 (b): malformed list '[1,2': missing ']'
  [2]
