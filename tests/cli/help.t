`minicc COMMAND --help` (or `-h`, anywhere before `--`) prints the command's
usage line and its one-line summary (the row of src/cli/cli.h) on stdout and
exits 0 without doing anything else. stderr is discarded below, so what shows
is stdout only.

  $ minicc run --help 2>/dev/null
  usage: minicc run FILE [--func NAME] [--stage STAGE] [--regs K] [--allocator baseline|improved|linear|ssa] [--alloc-opt LIST] [--trace-alloc] [-O0|-O1] [--max-steps N] [--max-depth N] [--stats] [--timeout S] [--keep-c DIR] [--cc system|tcc] [--target x86-64|rv64] [--keep-asm DIR] [--asm-bug NAME] [--] ARG...
  execute a function at one stage of the pipeline
  FILE is IR, or MiniC (C, lowered to IR) when its name ends in .c; --lang c|ir says which.
  $ minicc check --help 2>/dev/null
  usage: minicc check FILE [--func NAME] [-O0|-O1] [--max-steps N] [--allocator A] [--alloc-opt LIST] [--timeout S] [--keep-c DIR] [--cc system|tcc] [--targets x86-64,rv64|all] [--asm-bug NAME] [--] ARG...
  run every stage on fresh copies of the arguments and compare the outcomes
  FILE is IR, or MiniC (C, lowered to IR) when its name ends in .c; --lang c|ir says which.
  $ minicc print --help 2>/dev/null
  usage: minicc print FILE [--func NAME] [--stage input|ssa|opt|destroyed|allocated|selected] [--target T] [--ssa minimal|semi|pruned] [--passes a,b,c|help] [--regs K] [--allocator A] [--alloc-opt LIST] [--trace-alloc] [-O0|-O1] [--stats] [--live] [--why X,Y]
  print the IR after a stage (SSA construction, optimizer passes)
  FILE is IR, or MiniC (C, lowered to IR) when its name ends in .c; --lang c|ir says which.
  $ minicc emit-c --help 2>/dev/null
  usage: minicc emit-c FILE [--func NAME] [-O0|-O1]
  print the C that --stage native compiles (bounds-checked C11)
  FILE is IR, or MiniC (C, lowered to IR) when its name ends in .c; --lang c|ir says which.
  $ minicc parse --help 2>/dev/null
  usage: minicc parse FILE|-
  check an IR file and print it in canonical form
  FILE is IR, or MiniC (C, lowered to IR) when its name ends in .c; --lang c|ir says which.
  $ minicc sweep --help 2>/dev/null
  usage: minicc sweep FILE [--regs 1..16|N|a,b,c] [--allocators all|A,B] [--vary SWITCH [--allocator A] [--alloc-opt LIST]] [--convention NAME] [--target x86-64|rv64] [--func NAME] [-O0|-O1] [--max-steps N] [--] ARG...
  the register-budget experiment: both allocators at every K, traffic and agreement
  FILE is IR, or MiniC (C, lowered to IR) when its name ends in .c; --lang c|ir says which.
  $ minicc gen --help 2>/dev/null
  usage: minicc gen [--lang ir|c] [--seed S] [--form mutable|ssa|either] [--size N] [--loops D] [--vars N] [--calls N] [--no-traps]
  print one random valid program and its arguments (as a comment line)
  $ minicc fuzz --help 2>/dev/null
  usage: minicc fuzz [--lang ir|c] [--count N] [--seed S] [--stages input,ssa,opt,alloc,native,asm] [--form F] [--size N] [--loops D] [--vars N] [--calls N] [--no-traps] [--max-shrink N] [--no-shrink] [--no-fork] [--timeout S] [--cc system|tcc] [--mutant seqphi|crash|destroy-naive|destroy-sequential|param-edge|no-caller-saves|no-callee-saves|asm-two-address|asm-no-cdq|asm-shift-count|asm-no-caller-saves|asm-no-callee-saves] [-q]
  differential fuzzing of every stage (asm on x86-64 and rv64; with --calls, under each calling convention); shrinks and prints the first divergence
  $ minicc lesson --help 2>/dev/null
  usage: minicc lesson [--write-here] LESSON   play a lesson (Enter: next, b: back, q: quit)
         minicc lesson --check LESSON...       run every command and expectation
         minicc lesson --export md [--teacher] [-o OUT] [--write-here] LESSON
                                               a Markdown handout (--teacher: with answers;
                                               to OUT, or standard output without -o or with -o -)
         minicc lesson --list                  the lessons minicc can find, with titles
         minicc lesson --grade DIR [--csv FILE] [LESSON...]
                                               grade DIR/STUDENT/EXERCISE.ir (or .c) against the
                                               lessons' exercises (default: every lesson found)
  LESSON is a file, or a name looked up in ./lessons, $XDG_DATA_HOME/minicc/lessons
  (~/.local/share/minicc/lessons) and the installed share/minicc/lessons (for the
  build in a source tree, that tree's lessons/), in that order:
  the file name with or without .lesson and its number, the number alone (2),
  or a unique beginning of the name (phis).
  Files the lesson's commands write (emit, dot) go into a fresh temporary
  directory, named when the first one is written; with --write-here into the
  lesson's own directory. --check always uses a temporary directory and
  removes it afterwards.

`-h` is the same as `--help` (lesson's own parser does not know `-h` yet, so
it is left out here).

  $ for c in run check print emit-c parse sweep gen fuzz; do
  >   h=$(minicc $c -h 2>&1) || echo "$c -h: exit $?"
  >   [ "$h" = "$(minicc $c --help)" ] || echo "$c -h differs from --help"
  > done

Every command of cli.h has a usage line that starts `usage: minicc NAME`,
taken from the same table as `minicc --help`.

  $ for c in run check print emit-c parse sweep gen fuzz lesson; do
  >   minicc $c --help | head -1 | grep -q "^usage: minicc $c " || echo "$c: no usage line"
  >   minicc --help | grep -q "^      minicc $c " || echo "$c: not in minicc --help"
  > done

--help wins over everything else on the line, even over mistakes, and does no
work: gen prints no program, fuzz runs nothing, print reads no file.

  $ minicc gen --seed 3 --size 0 --help | head -1
  usage: minicc gen [--lang ir|c] [--seed S] [--form mutable|ssa|either] [--size N] [--loops D] [--vars N] [--calls N] [--no-traps]
  $ minicc fuzz --count 1000000 --bogus -h | head -1
  usage: minicc fuzz [--lang ir|c] [--count N] [--seed S] [--stages input,ssa,opt,alloc,native,asm] [--form F] [--size N] [--loops D] [--vars N] [--calls N] [--no-traps] [--max-shrink N] [--no-shrink] [--no-fork] [--timeout S] [--cc system|tcc] [--mutant seqphi|crash|destroy-naive|destroy-sequential|param-edge|no-caller-saves|no-callee-saves|asm-two-address|asm-no-cdq|asm-shift-count|asm-no-caller-saves|asm-no-callee-saves] [-q]
  $ minicc print no-such-file.ir --stage destroyed -h | head -1
  usage: minicc print FILE [--func NAME] [--stage input|ssa|opt|destroyed|allocated|selected] [--target T] [--ssa minimal|semi|pruned] [--passes a,b,c|help] [--regs K] [--allocator A] [--alloc-opt LIST] [--trace-alloc] [-O0|-O1] [--stats] [--live] [--why X,Y]
  $ minicc parse - --help </dev/null | head -1
  usage: minicc parse FILE|-

After `--` a `--help` is an ordinary word: for a file name it is a file, and
gen and fuzz take no words at all.

  $ minicc parse -- --help
  minicc parse: error: cannot read --help: No such file or directory
  [2]
  $ minicc gen -- --help
  minicc gen: error: unexpected argument '--help'
  [2]
  $ minicc fuzz -- -h
  minicc fuzz: error: unexpected argument '-h'
  [2]

lesson takes -h like every other command, and an empty FILE is named as
such by run and check too.

  $ minicc lesson -h | head -1
  usage: minicc lesson [--write-here] LESSON   play a lesson (Enter: next, b: back, q: quit)
  $ minicc run ""
  minicc run: error: FILE is an empty string
  [2]
  $ minicc check "" 3
  minicc check: error: FILE is an empty string
  [2]
