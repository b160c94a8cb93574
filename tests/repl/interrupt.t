Batch mode and Ctrl-C: SIGINT interrupts the command running (here a program
that never ends, with a budget of 10^12 block entries), which reports the
error `CMD: interrupted` (a stepping command also prints where it stopped),
the rest of the batch is not run, and the exit status is 1. The signal comes
from `kill -INT` once the command before the long one has printed; a minicc
that does not stop within 20 s is killed and the test says so (sigint.sh).

  $ sh sigint.sh minicc -c 'load ../native/forever.ir; args [0]; set max-steps 1000000000000; run; print b'
  status 1
  loaded ../native/forever.ir: 1 function
  forever(buf b): SSA form, 2 blocks
  args: [0]
  max-steps 1000000000000
  -c:4: error: run: interrupted
  after N blocks: about to enter loop from loop

A script stops at the interrupted line; `check` prints no table.

  $ printf '%s\n' 'load ../native/forever.ir' 'args [0]' 'set max-steps 1000000000000' check 'print b' >long.mc
  $ sh sigint.sh minicc -x long.mc
  status 1
  loaded ../native/forever.ir: 1 function
  forever(buf b): SSA form, 2 blocks
  args: [0]
  max-steps 1000000000000
  long.mc:4: error: check: interrupted
  $ sh sigint.sh sh -c 'exec minicc < long.mc'
  status 1
  loaded ../native/forever.ir: 1 function
  forever(buf b): SSA form, 2 blocks
  args: [0]
  max-steps 1000000000000
  <stdin>:4: error: check: interrupted
  $ rm long.mc
