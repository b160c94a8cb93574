Every one-shot mistake without a file position reads `minicc CMD: error:
MESSAGE` (a file that cannot be read, an unknown --func, a --keep-c
directory that cannot be written, the C compiler failing); only a mistake
at a place in the file reads `FILE:LINE:COL: error: MESSAGE`.

  $ minicc parse nosuch.ir
  minicc parse: error: cannot read nosuch.ir: No such file or directory
  [2]
  $ minicc print nosuch.ir --stage opt
  minicc print: error: cannot read nosuch.ir: No such file or directory
  [2]
  $ minicc emit-c ../ir/sum.ir --func nope
  minicc emit-c: error: no function named 'nope' (available: sum)
  [2]
  $ minicc sweep nosuch.ir
  minicc sweep: error: cannot read nosuch.ir: No such file or directory
  [2]
  $ minicc check nosuch.ir
  minicc check: error: cannot read nosuch.ir: No such file or directory
  [2]
  $ minicc run ../../share/minicc/examples/swap.ir --stage native --keep-c /nonexistent/dir -- 3
  minicc run: error: --keep-c: cannot write /nonexistent/dir/swap.c: No such file or directory
  [2]
  $ printf 'func f() {\nentry:\n    return @\n}\n' | minicc parse -
  <stdin>:3:12: error: invalid character '@'
        return @
               ^
  [2]

`--` ends the options: it is never the value of the option before it.

  $ minicc run ../../share/minicc/examples/swap.ir --func -- 3
  minicc run: error: --func needs a value
  [2]
  $ minicc run ../../share/minicc/examples/swap.ir --max-steps --
  minicc run: error: --max-steps needs a value
  [2]
  $ minicc gen --seed --
  minicc gen: error: --seed needs a value
  [2]
  $ minicc fuzz --count -- 
  minicc fuzz: error: --count needs a value
  [2]

gen and fuzz print their usage for --help on stdout, with nothing on
stderr, and exit 0, like every command.

  $ for c in run check print emit-c parse sweep gen fuzz; do
  >   minicc $c --help 2>&1 >/dev/null; echo "$c $?"
  > done
  run 0
  check 0
  print 0
  emit-c 0
  parse 0
  sweep 0
  gen 0
  fuzz 0
  $ minicc gen --help | head -1
  usage: minicc gen [--lang ir|c] [--seed S] [--form mutable|ssa|either] [--size N] [--loops D] [--vars N] [--calls N] [--no-traps]
