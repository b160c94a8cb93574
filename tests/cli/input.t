Input files (IR, prompt scripts, lessons) must be regular files, and at most
the input limit is read: 64 MB, or $MINICC_MAX_INPUT bytes (suffix K, M or
G). Devices, FIFOs and directories are refused before anything is read (a
FIFO with no writer would block, /dev/zero would grow until abort); `-`
still reads standard input, with the same limit.

  $ minicc parse /dev/zero
  minicc parse: error: cannot read /dev/zero: not a regular file
  [2]
  $ minicc run /dev/null
  minicc run: error: cannot read /dev/null: not a regular file
  [2]
  $ rm -f fifo && mkfifo fifo && minicc check fifo; st=$?; rm fifo; exit $st
  minicc check: error: cannot read fifo: not a regular file
  [2]
  $ minicc -x /dev/zero
  minicc: error: cannot read script '/dev/zero': not a regular file
  [2]
  $ rm -f fifo && mkfifo fifo && minicc -x fifo; st=$?; rm fifo; exit $st
  minicc: error: cannot read script 'fifo': not a regular file
  [2]
  $ minicc -c 'source /dev/zero' -c 'load /dev/zero'
  -c:1: error: source: cannot open '/dev/zero': not a regular file
  /dev/zero: error: cannot read /dev/zero: not a regular file
  -c:1: error: '/dev/zero' not loaded (1 error)
  [1]
  $ minicc lesson /dev/zero
  /dev/zero: error: cannot read lesson /dev/zero: not a regular file
  [2]
  $ minicc /dev/zero < /dev/null
  /dev/zero: error: cannot read /dev/zero: not a regular file
  error: '/dev/zero' not loaded (1 error)
  [2]

Standard input that never ends stops at the limit, with a clear error and
without ending the session (exit 134 was an abort).

  $ head -c 70000000 /dev/zero | minicc parse -
  minicc parse: error: cannot read standard input: larger than the input limit of 64 MB (set MINICC_MAX_INPUT to raise it)
  [2]
  $ MINICC_MAX_INPUT=1M minicc -x - < /dev/zero
  error: cannot read <stdin>: larger than the input limit of 1 MB (set MINICC_MAX_INPUT to raise it)
  [1]
  $ MINICC_MAX_INPUT=1M minicc < /dev/zero
  error: cannot read <stdin>: larger than the input limit of 1 MB (set MINICC_MAX_INPUT to raise it)
  [1]

The limit is overridable; files over it are refused by their size, and a
malformed value is an error.

  $ cp ../../share/minicc/examples/swap.ir swap.ir; wc -c < swap.ir
  455
  $ MINICC_MAX_INPUT=454 minicc run swap.ir 3
  minicc run: error: cannot read swap.ir: larger than the input limit of 454 bytes (set MINICC_MAX_INPUT to raise it)
  [2]
  $ MINICC_MAX_INPUT=455 minicc run swap.ir 3
  return 21
  $ MINICC_MAX_INPUT=1K minicc run - 3 < swap.ir
  return 21
  $ MINICC_MAX_INPUT=454 minicc run - 3 < swap.ir
  minicc run: error: cannot read standard input: larger than the input limit of 454 bytes (set MINICC_MAX_INPUT to raise it)
  [2]
  $ MINICC_MAX_INPUT=100 minicc -c 'load swap.ir'
  swap.ir: error: cannot read swap.ir: larger than the input limit of 100 bytes (set MINICC_MAX_INPUT to raise it)
  -c:1: error: 'swap.ir' not loaded (1 error)
  [1]
  $ printf 'reset\n%0600d\nreset\n' 0 > s.mc; MINICC_MAX_INPUT=400 minicc -c 'source s.mc'
  reset: execution stopped, pipeline products dropped
  -c:1: error: cannot read s.mc: larger than the input limit of 400 bytes (set MINICC_MAX_INPUT to raise it)
  [1]
  $ for v in lots 0 -5 1T 99999999999999999999; do MINICC_MAX_INPUT=$v minicc parse swap.ir; done
  minicc parse: error: cannot read swap.ir: $MINICC_MAX_INPUT must be a positive number of bytes (suffix K, M or G allowed), not 'lots'
  minicc parse: error: cannot read swap.ir: $MINICC_MAX_INPUT must be a positive number of bytes (suffix K, M or G allowed), not '0'
  minicc parse: error: cannot read swap.ir: $MINICC_MAX_INPUT must be a positive number of bytes (suffix K, M or G allowed), not '-5'
  minicc parse: error: cannot read swap.ir: $MINICC_MAX_INPUT must be a positive number of bytes (suffix K, M or G allowed), not '1T'
  minicc parse: error: cannot read swap.ir: $MINICC_MAX_INPUT must be a positive number of bytes (suffix K, M or G allowed), not '99999999999999999999'
  [2]

A NUL byte in a script (-x, source, batch input) is an error that stops the
script, as in IR files and lessons: before, the rest of its line was
silently dropped (`load swap.ir` ran, `run 3` did not).

  $ printf 'load swap.ir\000; run 3\nrun 3\n' > nul.mc
  $ minicc -x nul.mc
  nul.mc:1: error: NUL byte in script (the script is not read further)
  [1]
  $ minicc -c 'source nul.mc'
  nul.mc:1: error: NUL byte in script (the script is not read further)
  [1]
  $ minicc < nul.mc
  <stdin>:1: error: NUL byte in script (the script is not read further)
  [1]
  $ printf 'args 3\nrun\0\n' > nul2.mc; minicc swap.ir -x nul2.mc
  loaded swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  args: 3
  nul2.mc:2: error: NUL byte in script (the script is not read further)
  [1]
  $ rm -f swap.ir s.mc nul.mc nul2.mc
