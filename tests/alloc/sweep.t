minicc sweep: the chapter's budget experiment. Both allocators at every K,
each run on fresh arguments and compared with stage input first; the
traffic columns only mean something on agreeing rows.

  $ minicc sweep swap.ir --regs 1..4 -O0 -- 3
  sweep swap (-O0): stage input gives return 21
     K  allocator  slots  spill_reads spill_writes      traffic instructions     copies  result
     1  baseline      12           35           32           67           34         24  agree
     1  improved       4           19           13           32           25         15  agree
     2  baseline      10           30           27           57           34         24  agree
     2  improved       3           12            9           21           21         11  agree
     3  baseline       7           22           19           41           34         24  agree
     3  improved       2            8            5           13           21         11  agree
     4  baseline       3           13           10           23           34         24  agree
     4  improved       1            4            1            5           21         11  agree
  all 8 runs agree with stage input
  $ minicc sweep swap.ir --regs 1,16 -- 4
  sweep swap (-O1): stage input gives return 12
     K  allocator  slots  spill_reads spill_writes      traffic instructions     copies  result
     1  baseline      11           43           39           82           41         30  agree
     1  improved       4           24           16           40           30         19  agree
    16  baseline       0            0            0            0           41         30  agree
    16  improved       0            0            0            0           26         15  agree
  all 4 runs agree with stage input
  $ minicc sweep ../ir/fill_oob.ir --regs 2 -- [0,0,0] 5
  sweep fill_oob (-O1): stage input gives trap: buffer index 3 outside [0,3)
     K  allocator  slots  spill_reads spill_writes      traffic instructions     copies  result
     1  baseline       6           34           19           53           23          8  agree
     1  improved       2           12            9           21           16          1  agree
     2  baseline       2            8            8           16           23          8  agree
     2  improved       1            4            1            5           16          1  agree
  all 4 runs agree with stage input

Mistakes are reported and give exit status 2:

  $ minicc sweep swap.ir --regs 0 -- 3
  minicc sweep: error: --regs expects N, A..B or a,b,c (budgets 1..4096, at most 1024 of them), got '0'
  [2]
  $ minicc sweep swap.ir --regs 3..1 -- 3
  minicc sweep: error: --regs expects N, A..B or a,b,c (budgets 1..4096, at most 1024 of them), got '3..1'
  [2]
  $ minicc sweep swap.ir --regs x -- 3
  minicc sweep: error: --regs expects N, A..B or a,b,c (budgets 1..4096, at most 1024 of them), got 'x'
  [2]
  $ minicc sweep swap.ir --regs
  minicc sweep: error: --regs needs a value
  [2]
  $ minicc sweep swap.ir --regs 2
  minicc sweep: error: expected 1 argument (n), got 0
  [2]
  $ minicc sweep
  minicc sweep: error: missing FILE
  [2]

`minicc sweep --help` prints the usage like every other command:

  $ minicc sweep --help
  usage: minicc sweep FILE [--regs 1..16|N|a,b,c] [--allocators all|A,B] [--vary SWITCH [--allocator A] [--alloc-opt LIST]] [--convention NAME] [--target x86-64|rv64] [--func NAME] [-O0|-O1] [--max-steps N] [--] ARG...
  the register-budget experiment: both allocators at every K, traffic and agreement
  FILE is IR, or MiniC (C, lowered to IR) when its name ends in .c; --lang c|ir says which.

The allocated listing's summary line counts in singular and plural:

  $ minicc print collide.ir --stage allocated --regs 4 | head -1
  # improved allocation of collide: 4 registers, 1 slot, 1 value spilled, 1 coalesced, 1 copy removed
  $ minicc print params.ir --stage allocated --regs 1 --allocator baseline | head -1
  # baseline allocation of params: 1 register, 2 slots, 2 values spilled, 0 coalesced, 0 copies removed
