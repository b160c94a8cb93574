A write to standard output that fails (a full disk; /dev/full here) is an
error, not a success with a truncated file: every command checks standard
output once more as it exits and says so, exit status 2.

  $ ex=../../share/minicc/examples/swap.ir; for c in "print $ex" "print $ex --stage allocated" "emit-c $ex" "run $ex -- 3" "parse $ex" \
  >          "gen --seed 1" "check $ex -- 3" "sweep $ex -- 3" "--help" "--version" "run --help"; do
  >   minicc $c > /dev/full; echo "$c: $?"
  > done 2>&1 | sed "s|../../share/minicc/examples/||"
  minicc: error: writing standard output: No space left on device
  print swap.ir: 2
  minicc: error: writing standard output: No space left on device
  print swap.ir --stage allocated: 2
  minicc: error: writing standard output: No space left on device
  emit-c swap.ir: 2
  minicc: error: writing standard output: No space left on device
  run swap.ir -- 3: 2
  minicc: error: writing standard output: No space left on device
  parse swap.ir: 2
  minicc: error: writing standard output: No space left on device
  gen --seed 1: 2
  minicc: error: writing standard output: No space left on device
  check swap.ir -- 3: 2
  minicc: error: writing standard output: No space left on device
  sweep swap.ir -- 3: 2
  minicc: error: writing standard output: No space left on device
  --help: 2
  minicc: error: writing standard output: No space left on device
  --version: 2
  minicc: error: writing standard output: No space left on device
  run --help: 2

The prompt's batch mode (-c, -x, commands on stdin) the same.

  $ minicc -c 'load ../../share/minicc/examples/swap.ir; show c' > /dev/full
  minicc: error: writing standard output: No space left on device
  [2]
  $ echo 'load ../../share/minicc/examples/swap.ir; show c' > script.mc
  $ minicc -x script.mc > /dev/full
  minicc: error: writing standard output: No space left on device
  [2]
  $ minicc < script.mc > /dev/full
  minicc: error: writing standard output: No space left on device
  [2]
  $ rm script.mc

fuzz, lesson --export and the workbench's batch mode the same.

  $ minicc fuzz --count 1 --seed 1 > /dev/full
  minicc: error: writing standard output: No space left on device
  [2]
  $ minicc lesson --export md ../../lessons/02-phis-are-simultaneous.lesson > /dev/full
  minicc: error: writing standard output: No space left on device
  [2]
  $ minicc --tui-script q ../../share/minicc/examples/swap.ir > /dev/full
  minicc: error: writing standard output: No space left on device
  [2]

A 200 KB output (written while the command runs, not only at its end).

  $ minicc gen --seed 3 --size 20000 > /dev/full
  minicc: error: writing standard output: No space left on device
  [2]

A trap (exit 3) whose report could not be written ends with status 2 too:
the failed write decides.

  $ printf 'func f(buf m) {\nentry:\n    x = load m, 5\n    return x\n}\n' | minicc run - '[1]' > /dev/full
  minicc: error: writing standard output: No space left on device
  [2]

Output that succeeds, and a command that writes nothing to a closed standard
output, are unaffected.

  $ minicc run ../../share/minicc/examples/swap.ir -- 3 > /dev/null
  $ minicc run --stage input ../../share/minicc/examples/swap.ir -- 3 2>&1 >&-
  minicc: error: writing standard output: Bad file descriptor
  [2]
  $ minicc parse nosuch.ir >&-
  minicc parse: error: cannot read nosuch.ir: No such file or directory
  [2]
