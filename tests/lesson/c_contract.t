What lesson 7 says about the one-shot commands, which a lesson cannot run:
`--timeout` limits a native call, and `--keep-c DIR` keeps the generated C
file (named after the function) in DIR.

  $ minicc run ../../lessons/programs/spin.ir --stage native --timeout 0.5 -- 3
  trap: time limit exceeded
  [3]
  $ rm -rf kept && mkdir kept && minicc run ../../lessons/programs/spin.ir --stage native --keep-c kept -- 0 && ls kept && grep -c 'minicc_fn' kept/spin.c
  return 0
  spin.c
  2
  $ rm -rf kept

At the prompt, `native --timeout S` sets the limit of one call; a bad value
is an error that changes nothing.

  $ minicc -c 'load ../../lessons/programs/spin.ir' -c 'args 3' -c 'native --timeout 0.3' -c 'native --timeout 0' -c 'native --timeout 4000' 2>&1
  loaded ../../lessons/programs/spin.ir: 1 function
  spin(i32 n): SSA form, 3 blocks
  args: 3
  # native (C from ssa)
  trap: time limit exceeded
  -c:1: error: native: --timeout must be a positive number of seconds, got '0'
  -c:1: error: native: --timeout is too large: 4000 (at most 3600 seconds)
  [1]
