One limit per knob (include/minicc/limits.h), the same in the one-shot
options, the prompt and the workbench; each message names the bound.

The register budget K: 1..4096 (`--regs`, `set regs`, `alloc K`, sweep
budgets). `--regs` accepted 1048576 while `set regs` stopped at 4096.

  $ ex=../../share/minicc/examples/swap.ir; minicc run $ex --stage alloc --regs 4096 -- 3
  return 21
  $ minicc run ../../share/minicc/examples/swap.ir --stage alloc --regs 4097 -- 3
  minicc run: error: --regs is too large: 4097 (at most 4096)
  [2]
  $ minicc run ../../share/minicc/examples/swap.ir --stage alloc --regs 1048576 -- 3
  minicc run: error: --regs is too large: 1048576 (at most 4096)
  [2]
  $ minicc print ../../share/minicc/examples/swap.ir --stage allocated --regs 4097
  minicc print: error: --regs is too large: 4097 (at most 4096)
  [2]
  $ minicc sweep ../../share/minicc/examples/swap.ir --regs 4095..4097 -- 3
  minicc sweep: error: --regs expects N, A..B or a,b,c (budgets 1..4096, at most 1024 of them), got '4095..4097'
  [2]
  $ minicc -c 'set regs 4097' -c 'set regs 4096'
  -c:1: error: set regs: 4097 is out of range (1..4096)
  regs 4096
  [1]
  $ minicc ../../share/minicc/examples/swap.ir -c 'alloc 4097' -c 'sweep 4095..4097' -c 'sweep 1025' 2>&1 | grep error
  -c:1: error: alloc: 4097 is out of range (1..4096)
  -c:1: error: sweep: expected MAX, A..B or a,b,c (budgets 1..4096, at most 1024 of them), got '4095..4097'
  -c:1: error: sweep: 1025 is out of range (1..1024)

The step budget: 1..2^40 block entries (`--max-steps`, `set max-steps`).

  $ minicc run ../../share/minicc/examples/swap.ir --max-steps 1099511627777 -- 3
  minicc run: error: --max-steps is too large: 1099511627777 (at most 1099511627776)
  [2]
  $ minicc run ../../share/minicc/examples/swap.ir --max-steps 1099511627776 -- 3
  return 21
  $ minicc -c 'set max-steps 1099511627777'
  -c:1: error: set max-steps: 1099511627777 is out of range (1..1099511627776)
  [1]

The native time-out: more than 0, at most 3600 seconds (`run --timeout`,
`check --timeout`, `fuzz --timeout`). `--timeout 1e300` was accepted; it is
not even a number now (decimal only, tests/cli/decimal.t).

  $ minicc run ../../share/minicc/examples/swap.ir --stage native --timeout 1e300 -- 3
  minicc run: error: --timeout expects a number, got '1e300'
  [2]
  $ minicc run ../../share/minicc/examples/swap.ir --stage native --timeout 99999 -- 3
  minicc run: error: --timeout is too large: 99999 (at most 3600 seconds)
  [2]
  $ minicc check ../../share/minicc/examples/swap.ir --timeout 3600.5 -- 3
  minicc check: error: --timeout is too large: 3600.5 (at most 3600 seconds)
  [2]
  $ minicc run ../../share/minicc/examples/swap.ir --stage native --timeout inf -- 3
  minicc run: error: --timeout expects a number, got 'inf'
  [2]
  $ minicc fuzz --timeout 3601
  minicc fuzz: error: --timeout is too large: 3601 (at most 3600)
  [2]

The workbench's batch screen: 10x5 up to 1000x1000 (`--size`, `<Size:WxH>`);
the message names both bounds (it said "at least 10x5" for 100000x100000).

  $ minicc --tui-script '<Size:100000x100000>' ../../share/minicc/examples/swap.ir 3
  minicc: --tui-script: bad size <size:100000x100000> (from 10x5 to 1000x1000)
  [2]
  $ minicc --tui-script q --size 1001x30 ../../share/minicc/examples/swap.ir 3
  minicc: error: bad --size '1001x30' (WxH, from 10x5 to 1000x1000)
  [2]
