Batch mode: when stdin is not a terminal there is no prompt; commands are read
line by line, `#` comments and blank lines are ignored, errors go to stderr
as FILE:LINE: error: ..., and the exit status is 1 when any command failed.

  $ minicc < demo.mc
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  args: 4
  return 12
  <stdin>:7: error: unknown command 'frobnicate' (try: help)
  args: 5
  return 21
  [1]

`-x SCRIPT` runs a script file; its errors name the script. `--bail` stops at
the first error.

  $ minicc -x demo.mc
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  args: 4
  return 12
  demo.mc:7: error: unknown command 'frobnicate' (try: help)
  args: 5
  return 21
  [1]
  $ minicc --bail -x demo.mc
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  args: 4
  return 12
  demo.mc:7: error: unknown command 'frobnicate' (try: help)
  [1]

`-c` takes commands separated by `;`; several -c and -x run in order.

  $ minicc -c 'load ../../share/minicc/examples/swap.ir' -c 'args 6; run'
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  args: 6
  return 12
  $ minicc -c 'load ../../share/minicc/examples/swap.ir; bogus; args 7; run'
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  -c:2: error: unknown command 'bogus' (try: help)
  args: 7
  return 21
  [1]
  $ minicc --bail -c 'load ../../share/minicc/examples/swap.ir; bogus; args 7; run'
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  -c:2: error: unknown command 'bogus' (try: help)
  [1]

`source` runs a script from a script; errors name the file they are in.

  $ minicc -c 'source nested.mc'
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  args: 4
  return 12
  demo.mc:7: error: unknown command 'frobnicate' (try: help)
  args: 5
  return 21
  nested.mc:3: error: print: no value 'nothing' in swap
  [1]
  $ minicc -c 'source no-such-script.mc'
  -c:1: error: source: cannot open 'no-such-script.mc': No such file or directory
  [1]

`quit` ends a script early (exit 0 when nothing failed); a file named on the
command line is loaded first.

  $ printf 'args 2\nrun\nquit\nrun\nbogus\n' | minicc ../../share/minicc/examples/swap.ir
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  args: 2
  return 12
  $ minicc no-such-file.ir < /dev/null
  minicc: error: cannot read no-such-file.ir: No such file or directory
  [2]
  $ minicc bad_syntax.ir < /dev/null
  bad_syntax.ir:3:9: error: unknown opcode 'ad' (did you mean 'add'?)
        x = ad n, 1
            ^
  error: 'bad_syntax.ir' not loaded (1 error)
  [2]

Empty input, only comments, and Windows line endings are fine:

  $ minicc < /dev/null
  $ printf '# only a comment\n\n   \n' | minicc
  $ printf 'load ../../share/minicc/examples/swap.ir\r\nargs 1\r\nrun\r\n' | minicc
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  args: 1
  return 21

Options:

  $ minicc --version
  minicc 0.1.0
  $ minicc -x
  minicc: error: -x needs an argument (try minicc --help)
  [2]
  $ minicc --frobnicate
  minicc: error: unknown option '--frobnicate' (try minicc --help)
  [2]
  $ minicc -x no-such-script.mc
  minicc: error: cannot read script 'no-such-script.mc': No such file or directory
  [1]

`--bail` in plain batch mode (stdin), and `-x -` reads the script from stdin:

  $ printf 'load ../../share/minicc/examples/swap.ir\nbogus\nargs 2\nrun\n' | minicc --bail
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  <stdin>:2: error: unknown command 'bogus' (try: help)
  [1]
  $ printf 'load ../../share/minicc/examples/swap.ir\nargs 2\nrun\n' | minicc -x -
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  args: 2
  return 12
