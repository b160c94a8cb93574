Mistakes on the command line of gen, fuzz, sweep, print, parse and emit-c:
one line on stderr, `minicc CMD: error: MESSAGE` (the form of the shared
option parser in src/cli/common.c, docs/ir.md §5: exit status 2), naming the
offending option and value. A mistake with a file position stays
`FILE:LINE:COL: error: MESSAGE` (docs/ir.md §4).

gen: missing values, empty strings, huge and negative numbers, words that are
not numbers, unknown options and stray words.

  $ minicc gen --seed
  minicc gen: error: --seed needs a value
  [2]
  $ minicc gen --seed ''
  minicc gen: error: --seed expects a number, got ''
  [2]
  $ minicc gen --seed=
  minicc gen: error: --seed expects a number, got ''
  [2]
  $ minicc gen --seed -1
  minicc gen: error: --seed must not be negative, got '-1'
  [2]
  $ minicc gen --seed 18446744073709551616
  minicc gen: error: --seed is too large: 18446744073709551616 (at most 18446744073709551615)
  [2]
  $ minicc gen --seed 99999999999999999999999999999999
  minicc gen: error: --seed is too large: 99999999999999999999999999999999 (at most 18446744073709551615)
  [2]

Numbers are decimal digits only: no hex or octal prefixes, signs or blanks
(strtoul would have read `0x10` as 16 and ` 5` as 5).

  $ minicc gen --seed 0x10
  minicc gen: error: --seed expects a number, got '0x10'
  [2]
  $ minicc gen --seed ' 5'
  minicc gen: error: --seed expects a number, got ' 5'
  [2]
  $ minicc gen --size +5
  minicc gen: error: --size expects a number, got '+5'
  [2]
  $ minicc gen --size 12abc
  minicc gen: error: --size expects a number, got '12abc'
  [2]

Ranges: --size 1..10000000, --loops 0..15, --vars 1..64.

  $ minicc gen --size 0
  minicc gen: error: --size must be positive, got '0'
  [2]
  $ minicc gen --size 10000001
  minicc gen: error: --size is too large: 10000001 (at most 10000000)
  [2]
  $ minicc gen --size 99999999999999999999
  minicc gen: error: --size is too large: 99999999999999999999 (at most 10000000)
  [2]
  $ minicc gen --loops -1
  minicc gen: error: --loops must not be negative, got '-1'
  [2]
  $ minicc gen --loops 16
  minicc gen: error: --loops is too large: 16 (at most 15)
  [2]
  $ minicc gen --vars 0
  minicc gen: error: --vars must be positive, got '0'
  [2]
  $ minicc gen --vars 65
  minicc gen: error: --vars is too large: 65 (at most 64)
  [2]
  $ minicc gen --form
  minicc gen: error: --form needs a value
  [2]
  $ minicc gen --form ''
  minicc gen: error: unknown form '' (mutable, ssa or either)
  [2]
  $ minicc gen --form=SSA
  minicc gen: error: unknown form 'SSA' (mutable, ssa or either)
  [2]
  $ minicc gen --no-traps=yes
  minicc gen: error: --no-traps takes no value
  [2]
  $ minicc gen --frobnicate
  minicc gen: error: unknown option '--frobnicate'
  [2]
  $ minicc gen --seeds 3
  minicc gen: error: unknown option '--seeds'
  [2]
  $ minicc gen 3
  minicc gen: error: unexpected argument '3'
  [2]
  $ minicc gen -
  minicc gen: error: unexpected argument '-'
  [2]

The boundaries themselves are accepted.

  $ minicc gen --seed 18446744073709551615 --size 1 --loops 0 --vars 64 | head -1
  # minicc gen --seed 18446744073709551615 (ssa form)
  $ minicc gen --seed 0 --size 10 --loops 15 --vars 1 --form mutable --no-traps -- | head -1
  # minicc gen --seed 0 (mutable form)

fuzz: the generator options as in gen, and its own. Nothing runs when an
option is wrong.

  $ minicc fuzz --count
  minicc fuzz: error: --count needs a value
  [2]
  $ minicc fuzz --count 0
  minicc fuzz: error: --count must be positive, got '0'
  [2]
  $ minicc fuzz --count -5
  minicc fuzz: error: --count must be positive, got '-5'
  [2]
  $ minicc fuzz --count 99999999999999999999
  minicc fuzz: error: --count is too large: 99999999999999999999 (at most 18446744073709551615)
  [2]
  $ minicc fuzz --size 0
  minicc fuzz: error: --size must be positive, got '0'
  [2]
  $ minicc fuzz --seed x
  minicc fuzz: error: --seed expects a number, got 'x'
  [2]
  $ minicc fuzz --timeout 0
  minicc fuzz: error: --timeout must be positive, got '0'
  [2]
  $ minicc fuzz --timeout 1.5
  minicc fuzz: error: --timeout expects a number (whole seconds), got '1.5'
  [2]
  $ minicc fuzz --timeout 3601
  minicc fuzz: error: --timeout is too large: 3601 (at most 3600)
  [2]
  $ minicc fuzz --max-shrink -1
  minicc fuzz: error: --max-shrink must not be negative, got '-1'
  [2]
  $ minicc fuzz --max-shrink=
  minicc fuzz: error: --max-shrink expects a number, got ''
  [2]
  $ minicc fuzz --mutant
  minicc fuzz: error: --mutant needs a value
  [2]
  $ minicc fuzz --mutant segfault
  minicc fuzz: error: unknown mutant 'segfault' (seqphi, crash, destroy-naive, destroy-sequential, param-edge, no-caller-saves, no-callee-saves, asm-two-address, asm-no-cdq, asm-shift-count, asm-no-caller-saves or asm-no-callee-saves)
  [2]
  $ minicc fuzz --mutant crash --no-fork
  minicc fuzz: error: --mutant crash needs child processes (not --no-fork)
  [2]
  $ minicc fuzz --no-shrink=1
  minicc fuzz: error: --no-shrink takes no value
  [2]
  $ minicc fuzz -q=1
  minicc fuzz: error: -q takes no value
  [2]
  $ minicc fuzz -x
  minicc fuzz: error: unknown option '-x'
  [2]
  $ minicc fuzz 100
  minicc fuzz: error: unexpected argument '100'
  [2]

--stages: known names, none empty, and at least one besides input (the
reference): an empty list used to run zero configurations and report "all
agree".

  $ minicc fuzz --stages
  minicc fuzz: error: --stages needs a value
  [2]
  $ minicc fuzz --stages ''
  minicc fuzz: error: --stages expects stage names separated by commas, got ''
  [2]
  $ minicc fuzz --stages ssa,,opt
  minicc fuzz: error: --stages expects stage names separated by commas, got 'ssa,,opt'
  [2]
  $ minicc fuzz --stages ssa,
  minicc fuzz: error: --stages expects stage names separated by commas, got 'ssa,'
  [2]
  $ minicc fuzz --stages ssa,bogus
  minicc fuzz: error: unknown stage 'bogus' (stages: input, ssa, opt, alloc, native, asm)
  [2]
  $ minicc fuzz --stages input
  minicc fuzz: error: --stages 'input' leaves nothing to compare with input (add ssa, opt, alloc, native or asm)
  [2]

Program k uses seed S+k: a count that would run past the largest seed is
refused instead of wrapping around to seed 0.

  $ minicc fuzz --seed 18446744073709551615 --count 2
  minicc fuzz: error: --count 2 from --seed 18446744073709551615 runs past the largest seed 18446744073709551615
  [2]
  $ minicc fuzz --seed 18446744073709551615 --count 1 --stages ssa,opt | sed 's/([0-9.]* s)$/(T s)/'
  fuzz: 1 program (seeds 18446744073709551615..18446744073709551615, 1 SSA, 0 trapping, 0 skipped), 4 configurations, 4 stage runs, all agree (T s)

sweep: --regs is a list of budgets here.

  $ minicc sweep ../ir/sum.ir --regs
  minicc sweep: error: --regs needs a value
  [2]
  $ minicc sweep ../ir/sum.ir --regs '' [1] 1
  minicc sweep: error: --regs expects N, A..B or a,b,c (budgets 1..4096, at most 1024 of them), got ''
  [2]
  $ minicc sweep ../ir/sum.ir --regs 2000 [1] 1
  minicc sweep: error: --regs expects N, A..B or a,b,c (budgets 1..4096, at most 1024 of them), got '2000'
  [2]
  $ minicc sweep ../ir/sum.ir --regs 1,99999999999 [1] 1
  minicc sweep: error: --regs expects N, A..B or a,b,c (budgets 1..4096, at most 1024 of them), got '1,99999999999'
  [2]
  $ minicc sweep ../ir/sum.ir --regs 1,,2 [1] 1
  minicc sweep: error: --regs expects N, A..B or a,b,c (budgets 1..4096, at most 1024 of them), got '1,,2'
  [2]
  $ minicc sweep ../ir/sum.ir --regs 2 --max-steps 0 [1] 1
  minicc sweep: error: --max-steps must be positive, got '0'
  [2]
  $ minicc sweep ../ir/sum.ir --regs 2 --max-steps 99999999999999999999 [1] 1
  minicc sweep: error: --max-steps is too large: 99999999999999999999 (at most 1099511627776)
  [2]
  $ minicc sweep ../ir/sum.ir --regs 2 --stage alloc [1] 1
  minicc sweep: error: unknown option '--stage'
  [2]
  $ minicc sweep ../ir/sum.ir --regs 2 [1] 99999999999
  minicc sweep: error: argument 2 (n): 99999999999 is out of range for i32
  [2]
  $ minicc sweep
  minicc sweep: error: missing FILE
  [2]

An empty FILE is named as such, not reported as `: error: cannot read :`.

  $ minicc sweep '' [1] 1
  minicc sweep: error: FILE is an empty string
  [2]
  $ minicc print ''
  minicc print: error: FILE is an empty string
  [2]
  $ minicc print '' --stage allocated
  minicc print: error: FILE is an empty string
  [2]
  $ minicc parse ''
  minicc parse: error: FILE is an empty string
  [2]
  $ minicc emit-c ''
  minicc emit-c: error: FILE is an empty string
  [2]

print: --stage, --ssa and --passes are checked before the file is read.
print has stages of its own (destroyed, allocated) and not those that
execute (alloc, native).

  $ minicc print ../ir/sum.ir --stage
  minicc print: error: --stage needs a value
  [2]
  $ minicc print ../ir/sum.ir --stage ''
  minicc print: error: unknown stage '' (stages: input, ssa, opt, destroyed, allocated, selected)
  [2]
  $ minicc print ../ir/sum.ir --stage bogus
  minicc print: error: unknown stage 'bogus' (stages: input, ssa, opt, destroyed, allocated, selected)
  [2]
  $ minicc print ../ir/sum.ir --stage native
  minicc print: error: print has no stage 'native' (stages: input, ssa, opt, destroyed, allocated, selected)
  [2]
  $ minicc print ../ir/sum.ir --ssa
  minicc print: error: --ssa needs a value
  [2]
  $ minicc print ../ir/sum.ir --ssa=
  minicc print: error: unknown SSA policy '' (minimal, semi or pruned)
  [2]
  $ minicc print ../ir/sum.ir --passes
  minicc print: error: --passes needs a value
  [2]
  $ minicc print ../ir/sum.ir --passes ''
  minicc print: error: --passes expects pass names separated by commas (see --passes help), got ''
  [2]
  $ minicc print ../ir/sum.ir --passes dce,,gvn
  minicc print: error: --passes expects pass names separated by commas (see --passes help), got 'dce,,gvn'
  [2]
  $ minicc print no-such-file.ir --passes dce,nope
  minicc print: error: unknown pass 'nope' (passes: sccp, copyprop, gvn, dce, simplifycfg)
  [2]
  $ minicc print ../ir/sum.ir --passes $(printf 'dce,%.0s' $(seq 64))dce
  minicc print: error: --passes names more than 64 passes
  [2]
  $ minicc print ../ir/sum.ir --passes $(printf 'dce,%.0s' $(seq 63))dce | head -1
  func sum(buf b, i32 n) {
  $ minicc print ../ir/sum.ir --passes dce -O0
  minicc print: error: --passes and -O0 contradict each other (-O0 runs no optimizer pass)
  [2]

An option of another stage is a mistake, not silently ignored (nor an
"unknown option").

  $ minicc print ../ir/sum.ir --regs 2
  minicc print: error: --regs needs --stage allocated
  [2]
  $ minicc print ../ir/sum.ir --stage opt --allocator baseline
  minicc print: error: --allocator needs --stage destroyed or allocated
  [2]
  $ minicc print ../ir/sum.ir --stage destroyed --regs 2
  minicc print: error: --regs needs --stage allocated
  [2]
  $ minicc print ../ir/sum.ir --stage destroyed --ssa semi
  minicc print: error: --ssa needs --stage ssa or opt
  [2]
  $ minicc print ../ir/sum.ir --stage allocated --passes dce
  minicc print: error: --passes needs --stage opt
  [2]
  $ minicc print ../ir/sum.ir --stage allocated --regs 0
  minicc print: error: --regs must be at least 1, got '0'
  [2]
  $ minicc print ../ir/sum.ir --stage allocated --regs 99999999999
  minicc print: error: --regs is too large: 99999999999 (at most 4096)
  [2]
  $ minicc print ../ir/sum.ir --stage allocated extra
  minicc print: error: unexpected argument 'extra'
  [2]

As everywhere, the last --stage wins, and the value of another option is
never taken for one of print's own.

  $ minicc print ../ir/sum.ir --stage=ssa --stage destroyed | head -1
  func sum(buf b, i32 n) {
  $ minicc print ../ir/sum.ir --stage destroyed --stage=input | grep -c phi
  2
  $ minicc print ../ir/sum.ir --func --ssa
  minicc print: error: no function named '--ssa' (available: sum)
  [2]

parse: the shared option parser, so parse says what is wrong instead of
printing its usage (or opening a file named `--bogus`).

  $ minicc parse
  minicc parse: error: missing FILE
  [2]
  $ minicc parse --bogus
  minicc parse: error: unknown option '--bogus'
  [2]
  $ minicc parse ../ir/sum.ir ../ir/wrap.ir
  minicc parse: error: unexpected argument '../ir/wrap.ir'
  [2]
  $ minicc parse ../ir/sum.ir --func sum
  minicc parse: error: unknown option '--func'
  [2]
  $ minicc parse - <&-
  minicc parse: error: cannot read standard input: Bad file descriptor
  [2]
  $ minicc parse -- ../ir/sum.ir | head -1
  func sum(buf b, i32 n) {

Every mistake above is exactly one line on stderr, nothing on stdout, status
2, in the form `minicc CMD: error: ...`.

  $ d=$(mktemp -d); while read -r line; do
  >   eval "minicc $line" >$d/out 2>$d/err; st=$?
  >   [ $st = 2 ] && [ ! -s $d/out ] && [ "$(wc -l <$d/err)" = 1 ] &&
  >     grep -Eq '^minicc [a-z-]+: error: [^ ]' $d/err || echo "bad: $line (status $st)"
  > done <<'EOF'; rm -r $d
  > gen --seed
  > gen --seed ''
  > gen --size 0
  > gen --loops 99999999999999999999999
  > gen --form x
  > gen --no-traps=1
  > gen --x
  > gen x
  > fuzz --count 0
  > fuzz --stages ''
  > fuzz --stages input
  > fuzz --timeout -1
  > fuzz --mutant x
  > fuzz --mutant crash --no-fork
  > fuzz x
  > sweep
  > sweep ../ir/sum.ir --regs x [1] 1
  > sweep ../ir/sum.ir --regs
  > sweep ../ir/sum.ir --bogus
  > sweep '' [1] 1
  > print
  > print ''
  > print ../ir/sum.ir --ssa
  > print ../ir/sum.ir --ssa bogus
  > print ../ir/sum.ir --passes nope
  > print ../ir/sum.ir --stage alloc
  > print ../ir/sum.ir --stage destroyed --regs 2
  > print ../ir/sum.ir --stage allocated --regs x
  > print ../ir/sum.ir --bogus
  > parse
  > parse a b
  > parse -q
  > emit-c
  > emit-c ../ir/sum.ir 3
  > emit-c ../ir/sum.ir --stage ssa
  > EOF
