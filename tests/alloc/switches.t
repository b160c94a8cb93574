The improved allocator's switches (--alloc-opt, `set alloc`): one program
each, built (or found by minicc gen) to show what the switch changes. All
defaults together are today's allocator (tests/alloc/improved.t).

split: on a diamond neither edge is critical, so the copies go into the
predecessors; split=all gives every edge into the phi block its own block.

  $ minicc print diamond.ir -O0 --stage destroyed --stats | head -1
  # phi destruction (improved): 0 edge blocks, 2 copies, 0 cycle scratch values
  $ minicc print diamond.ir -O0 --stage destroyed --stats --alloc-opt split=all | head -1
  # phi destruction (improved): 2 edge blocks, 2 copies, 0 cycle scratch values

copies: a three-value rotation is a copy cycle: sequentialized it costs one
scratch copy; the chapter's save-all temporaries double every copy.

  $ minicc print rotate.ir --stage destroyed --stats | head -1
  # phi destruction (improved): 0 edge blocks, 9 copies, 1 cycle scratch values
  $ minicc print rotate.ir --stage destroyed --stats --alloc-opt copies=temps | head -1
  # phi destruction (improved): 0 edge blocks, 16 copies, 0 cycle scratch values
  $ minicc sweep rotate.ir --regs 2..3 --vary copies -- 4
  sweep rotate (-O1), improved allocator, varying copies: stage input gives return 231
     K  copies         slots  spill_reads spill_writes      traffic instructions     copies  result
     2  parallel           4           20           16           36           33         20  agree
     2  temps              5           21           17           38           36         23  agree
     3  parallel           3           15           11           26           33         20  agree
     3  temps              3           19           15           34           33         20  agree
  all 4 runs agree with stage input

copy-exception: b = copy a with both live afterwards. With the exception
they do not interfere and share the one register; without it one spills.

  $ minicc print copyexc.ir -O0 --stage allocated --regs 1 | head -1
  # improved allocation of copyexc: 1 register, 0 slots, 0 values spilled, 1 coalesced, 1 copy removed
  $ minicc print copyexc.ir -O0 --stage allocated --regs 1 --alloc-opt no-copy-exception | head -1
  # improved allocation of copyexc: 1 register, 1 slot, 1 value spilled, 0 coalesced, 0 copies removed

coalesce (variant=coalesce, so that best-of-three does not hide it): at K=2
aggressive coalescing makes a merge that Briggs and George refuse and pays
a spill read for it; at K=3 and 4 every merge costs traffic here (off is
cheapest, though more copies run), which is why best-of-three also tries
the variant without coalescing.

  $ minicc sweep gen_s1.ir --regs 2..4 --vary coalesce --alloc-opt variant=coalesce -- [-4, -2147483648, 2, 1, 12, -1] [3, -5, 3, 4, 14, 12]
  sweep f (-O1), improved allocator, varying coalesce: stage input gives return -4
     K  coalesce       slots  spill_reads spill_writes      traffic instructions     copies  result
     2  conservative       4           11           11           22           25          7  agree
     2  off                4           11           11           22           25          7  agree
     2  aggressive         4           12           11           23           24          6  agree
     3  conservative       3            9            8           17           24          6  agree
     3  off                3            8            7           15           25          7  agree
     3  aggressive         3            9            8           17           24          6  agree
     4  conservative       2            5            5           10           24          6  agree
     4  off                2            4            4            8           25          7  agree
     4  aggressive         2            6            5           11           24          6  agree
  all 9 runs agree with stage input

bias (variant=no-coalesce): a copy's ends take the same register when they
can, so the machine skips the copy; without bias more copies execute.

  $ minicc sweep gen_s24.ir --regs 2..3 --vary bias --alloc-opt variant=no-coalesce -- 2 [-2147483648, 7, 4, 10, 11, -1] -9 2
  sweep f (-O1), improved allocator, varying bias: stage input gives return 42
     K  bias           slots  spill_reads spill_writes      traffic instructions     copies  result
     2  on                 4           19           20           39           44         16  agree
     2  off                4           20           21           41           45         17  agree
     3  on                 3           13           11           24           44         16  agree
     3  off                3           14           12           26           45         17  agree
  all 4 runs agree with stage input

recolour: at K=2 recolouring un-spills a value that select left without a
register.

  $ minicc sweep gen_s20.ir --regs 2 --vary recolour --alloc-opt variant=no-coalesce -- [14, -5, -4, 14, 8, 2147483647] 1772386652 8
  sweep f (-O1), improved allocator, varying recolour: stage input gives return -1090
     K  recolour       slots  spill_reads spill_writes      traffic instructions     copies  result
     1  on                 4           17           15           32           25          6  agree
     1  off                4           17           15           32           25          6  agree
     2  on                 3            9            7           16           24          5  agree
     2  off                4            9            8           17           24          5  agree
  all 4 runs agree with stage input

slot-sharing: spilled values that never live at once share slots.

  $ minicc sweep gen_s1.ir --regs 2..3 --vary slot-sharing -- [-4, -2147483648, 2, 1, 12, -1] [3, -5, 3, 4, 14, 12]
  sweep f (-O1), improved allocator, varying slot-sharing: stage input gives return -4
     K  slot-sharing   slots  spill_reads spill_writes      traffic instructions     copies  result
     2  on                 4           11           11           22           25          7  agree
     2  off                9           13           13           26           27          9  agree
     3  on                 3            8            7           15           25          7  agree
     3  off                5            9            8           17           24          6  agree
  all 4 runs agree with stage input

metric: which value simplify pushes when every degree is >= K. best keeps
the cheapest of the three; chapter colours in descending degree order.

  $ minicc sweep gen_s1.ir --regs 2 --vary metric --alloc-opt variant=no-coalesce -- [-4, -2147483648, 2, 1, 12, -1] [3, -5, 3, 4, 14, 12]
  sweep f (-O1), improved allocator, varying metric: stage input gives return -4
     K  metric         slots  spill_reads spill_writes      traffic instructions     copies  result
     1  best               5           19           14           33           25          7  agree
     1  cost/degree        5           17           13           30           25          7  agree
     1  cost/degree2       5           19           14           33           25          7  agree
     1  cost               5           18           18           36           25          7  agree
     1  chapter            5           18           18           36           25          7  agree
     2  best               4           11           11           22           25          7  agree
     2  cost/degree        4           11           11           22           25          7  agree
     2  cost/degree2       4           14            9           23           25          7  agree
     2  cost               4           11           11           22           25          7  agree
     2  chapter            4           13           12           25           25          7  agree
  all 10 runs agree with stage input

variant: best keeps the variant with the least estimated traffic; each can
be run alone.

  $ minicc sweep gen_s1.ir --regs 2..3 --vary variant -- [-4, -2147483648, 2, 1, 12, -1] [3, -5, 3, 4, 14, 12]
  sweep f (-O1), improved allocator, varying variant: stage input gives return -4
     K  variant        slots  spill_reads spill_writes      traffic instructions     copies  result
     2  best               4           11           11           22           25          7  agree
     2  coalesce           4           11           11           22           25          7  agree
     2  no-coalesce        4           11           11           22           25          7  agree
     2  degree             4           13           12           25           25          7  agree
     3  best               3            8            7           15           25          7  agree
     3  coalesce           3            9            8           17           24          6  agree
     3  no-coalesce        3            8            7           15           25          7  agree
     3  degree             3            8            7           15           25          7  agree
  all 8 runs agree with stage input

destroy and param-edges are bug modes: see tests/alloc/bugmodes.t.

Mistakes:

  $ minicc run swap.ir --stage alloc --alloc-opt coalesce=eager -- 3
  minicc run: error: --alloc-opt: coalesce: unknown value 'eager' (conservative, off, aggressive)
  [2]
  $ minicc run swap.ir --stage alloc --alloc-opt colour=on -- 3
  minicc run: error: --alloc-opt: unknown allocator switch 'colour=on' (NAME=VALUE or no-NAME with NAME one of split, copies, copy-exception, coalesce, bias, recolour, slot-sharing, metric, variant, destroy, param-edges, saves, calls, two-address; or default)
  [2]
  $ minicc run swap.ir --stage alloc --alloc-opt no-coalesce,,bias=on -- 3
  minicc run: error: --alloc-opt: empty word in the list of allocator switches 'no-coalesce,,bias=on'
  [2]
  $ minicc run swap.ir --alloc-opt no-bias -- 3
  minicc run: note: --alloc-opt applies to --stage alloc only (ignored at stage input)
  return 21
  $ minicc sweep swap.ir --alloc-opt no-bias -- 3
  minicc sweep: error: --alloc-opt needs --vary NAME (the plain table compares the allocators as they are)
  [2]
  $ minicc sweep swap.ir --vary colour -- 3
  minicc sweep: error: --vary: unknown allocator switch 'colour' (split, copies, copy-exception, coalesce, bias, recolour, slot-sharing, metric, variant, destroy, param-edges, saves, calls, two-address)
  [2]
  $ minicc print swap.ir --alloc-opt no-bias
  minicc print: error: --alloc-opt needs --stage destroyed or allocated
  [2]
  $ minicc print swap.ir --stage destroyed --trace-alloc
  minicc print: error: --trace-alloc needs --stage allocated
  [2]

two-address: on the chapter's machine (three operands) the default, target,
rewrites nothing; copies makes x = sub a, c (subret.ir) two-address as on x86-64
(x = copy a; x = sub x, c: x interferes with c), which costs this machine,
which does not need it, spill traffic at K = 1:

  $ minicc sweep subret.ir --regs 1..2 --vary two-address -- 10 3
  sweep subret (-O1), improved allocator, varying two-address: stage input gives return 1
     K  two-address    slots  spill_reads spill_writes      traffic instructions     copies  result
     1  target             1            1            1            2            2          0  agree
     1  copies             1            2            2            4            2          0  agree
     1  emitter            1            1            1            2            2          0  agree
     2  target             0            0            0            0            2          0  agree
     2  copies             0            0            0            0            2          0  agree
     2  emitter            0            0            0            0            2          0  agree
  all 6 runs agree with stage input
