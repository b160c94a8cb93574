Bad options and hostile programs never crash stage alloc or the two print
stages; each gets a message and exit status 2 (3 for a trap).

  $ minicc run swap.ir --stage alloc --regs 0 -- 3
  minicc run: error: --regs must be at least 1, got '0'
  [2]
  $ minicc run swap.ir --stage alloc --allocator greedy -- 3
  minicc run: error: unknown allocator 'greedy' (baseline, improved, linear or ssa)
  [2]
  $ minicc print swap.ir --stage allocated --regs 0
  minicc print: error: --regs must be at least 1, got '0'
  [2]
  $ minicc print swap.ir --stage allocated --func nope
  minicc print: error: no function named 'nope' (available: swap)
  [2]
  $ minicc print nofile.ir --stage destroyed
  minicc print: error: cannot read nofile.ir: No such file or directory
  [2]

The largest register file (4096, the same bound as the prompt's `set regs`)
is fine (nothing spills); one more is refused:

  $ minicc run swap.ir --stage alloc --regs 4096 --stats -- 3
  return 21
  stats: instructions=21 spill_reads=0 spill_writes=0 registers=4096 slots=0
  $ minicc run swap.ir --stage alloc --regs 4097 --stats -- 3
  minicc run: error: --regs is too large: 4097 (at most 4096)
  [2]

Traps on the allocated machine: out-of-range stores leave the earlier
writes visible, and the step budget counts block entries as the
interpreter does.

  $ minicc run ../ir/fill_oob.ir --stage alloc --regs 1 --stats -- [0,0,0] 5
  trap: buffer index 3 outside [0,3)
  b = [0, 1, 4]
  stats: instructions=16 spill_reads=12 spill_writes=9 registers=1 slots=2
  [3]
  $ minicc run ../ir/fill_oob.ir --stage alloc --allocator baseline --regs 1 --stats -- [0,0,0] 5
  trap: buffer index 3 outside [0,3)
  b = [0, 1, 4]
  stats: instructions=23 spill_reads=34 spill_writes=19 registers=1 slots=6
  [3]
  $ minicc run swap.ir --stage alloc --max-steps 10 --regs 1 -- 100
  trap: execution step limit exceeded
  note: the step budget is 10 block entries; raise it with --max-steps N
  [3]
  $ minicc run swap.ir --max-steps 10 -- 100
  trap: execution step limit exceeded
  note: the step budget is 10 block entries; raise it with --max-steps N
  [3]

The printed allocation is still valid IR (comment lines), so it reads back:

  $ minicc print swap.ir --stage allocated --regs 1 > $CRAMTMP/a.ir && minicc run $CRAMTMP/a.ir -- 3
  return 21
  $ minicc print swap.ir --stage destroyed --allocator baseline > $CRAMTMP/d.ir && minicc check $CRAMTMP/d.ir -- 3 | tail -1
  agree
