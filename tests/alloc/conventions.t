Calling conventions (docs/allocators.md, "Calls and calling conventions"):
chosen per run with --convention, `set convention` at the prompt and
`sweep --vary convention`. A program without calls allocates and runs
exactly as without the option, under every convention:

  $ for c in split caller-saved callee-saved; do minicc run swap.ir --stage alloc --regs 2 --allocator baseline --stats --convention $c -- 5; done
  return 21
  stats: instructions=49 spill_reads=45 spill_writes=40 registers=2 slots=9
  return 21
  stats: instructions=49 spill_reads=45 spill_writes=40 registers=2 slots=9
  return 21
  stats: instructions=49 spill_reads=45 spill_writes=40 registers=2 slots=9
  $ minicc check swap.ir --convention callee-saved -- 5 | tail -1
  agree
  $ minicc print swap.ir --stage allocated --regs 2 > $CRAMTMP/a && minicc print swap.ir --stage allocated --regs 2 --convention caller-saved | cmp - $CRAMTMP/a

A name that is not a convention is a diagnostic naming the three, for
every command that takes one:

  $ minicc run swap.ir --stage alloc --convention caller -- 5
  minicc run: error: unknown convention 'caller' (split, caller-saved, callee-saved)
  [2]
  $ minicc check swap.ir --convention '' -- 5
  minicc check: error: unknown convention '' (split, caller-saved, callee-saved)
  [2]
  $ minicc sweep swap.ir --vary coalesce --convention Split -- 5
  minicc sweep: error: unknown convention 'Split' (split, caller-saved, callee-saved)
  [2]
  $ minicc run swap.ir --convention split -- 5
  minicc run: note: --convention applies to --stage alloc only (ignored at stage input)
  return 21

At the prompt `set convention` takes the same names; a bad one changes
nothing; `set` lists the convention when it is not the default:

  $ minicc <<'X' 2>&1 | grep -v '^\(phi-mode\|stage\|max-steps\|max-depth\|allocator\|cc\) '
  > load swap.ir
  > set convention bogus
  > set
  > set convention callee-saved
  > set convention nope
  > set alloc default
  > set
  > set convention split
  > set
  > X
  loaded swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  <stdin>:2: error: set convention: unknown convention 'bogus' (split, caller-saved, callee-saved)
  regs       4
  convention callee-saved
  # callee-saved with K=4: caller-saved none, callee-saved r0 r1 r2 r3; arguments in incoming slots, result in the result slot
  <stdin>:5: error: set convention: unknown convention 'nope' (split, caller-saved, callee-saved)
  alloc default
  regs       4
  convention callee-saved
  convention split
  # split with K=4: caller-saved r0 r1 (arguments r0..r1, result r0), callee-saved r2 r3; further arguments in incoming slots
  regs       4

`sweep --vary convention` compares the conventions (a program without
calls: no calls, no saves, the same traffic under all three):

  $ minicc sweep swap.ir --vary convention --regs 2 -- 5
  sweep swap (-O1): stage input gives return 21
  # improved allocator; saves and restores: the convention's traffic (apart from spills)
     K  convention     slots     spills    calls    saves restores instructions  result
     1  split              4         48        0        0        0           36  agree
     1  caller-saved       4         48        0        0        0           36  agree
     1  callee-saved       4         48        0        0        0           36  agree
     2  split              3         31        0        0        0           31  agree
     2  caller-saved       3         31        0        0        0           31  agree
     2  callee-saved       3         31        0        0        0           31  agree
  all 6 runs agree with stage input
