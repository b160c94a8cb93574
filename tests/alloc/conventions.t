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

Functions with calls (tests/run/calls): every allocator under every
convention at K = 1, 2, 3, 4, 8 gives the interpreter's result:

  $ for f in calls.ir:10 calls.ir:15 deep.ir:40; do want=$(minicc run ../run/calls/${f%%:*} ${f##*:}); for w in baseline improved linear ssa; do for c in split caller-saved callee-saved; do for k in 1 2 3 4 8; do got=$(minicc run --stage alloc --allocator $w --convention $c --regs $k ../run/calls/${f%%:*} ${f##*:}); [ "$got" = "$want" ] || echo "$f $w $c K=$k: $got, want $want"; done; done; done; echo "$f: $want"; done
  calls.ir:10: return 9055
  calls.ir:15: return 9610
  deep.ir:40: return 40
  $ for c in split caller-saved callee-saved; do minicc run --stage alloc --convention $c ../run/calls/callee_trap.ir [0,0,0,0] 4; done
  trap: buffer index 4 outside [0,4)
  b = [5, 0, 8, 0]
  trap: buffer index 4 outside [0,4)
  b = [5, 0, 8, 0]
  trap: buffer index 4 outside [0,4)
  b = [5, 0, 8, 0]
  [3]
  $ minicc check --convention caller-saved ../run/calls/calls.ir 12 | grep -v native
  input       return 9144
  ssa         return 9144
  opt         return 9144
  alloc K=1   return 9144
  alloc K=2   return 9144
  alloc K=4   return 9144
  alloc K=16  return 9144
  asm x86-64  return 9144
  asm rv64    return 9144
  agree
  $ minicc check --convention callee-saved --allocator ssa ../run/calls/deep.ir 30 | grep -v native
  input       return 30
  ssa         return 30
  opt         return 30
  alloc K=1   return 30
  alloc K=2   return 30
  alloc K=4   return 30
  alloc K=16  return 30
  asm x86-64  return 30
  asm rv64    return 30
  agree

`--stats` adds the convention's traffic, for a run with calls only: the
calls made, saves and restores (caller saves around calls, callee saves
in prologues) and argument moves, apart from spill reads and writes.
deep(5) makes 6 calls, each with one argument and one result; at K = 1
every convention keeps deep's m = n - 1 ... in r0 across its call.
`arg_moves=` counts only real moves: a value already in its argument or
result register costs none, nor does a spill slot's load or store (spill
traffic already). Under split and caller-saved every argument, parameter,
result and call destination of deep is r0, the argument register and the
result register: the one move is deep(0)'s constant `return 0` put into r0.
Under callee-saved each argument is stored into the callee's incoming slot
and loaded into its parameter's register, each result stored into the
result slot and loaded into the call's destination: 4 x 6:

  $ for c in split caller-saved callee-saved; do minicc run --stage alloc --regs 1 --stats --convention $c ../run/calls/deep.ir 5; done
  return 5
  stats: instructions=22 spill_reads=6 spill_writes=6 registers=1 slots=0 calls=6 saves=0 restores=0 arg_moves=1
  return 5
  stats: instructions=22 spill_reads=6 spill_writes=6 registers=1 slots=0 calls=6 saves=0 restores=0 arg_moves=1
  return 5
  stats: instructions=22 spill_reads=6 spill_writes=6 registers=1 slots=0 calls=6 saves=6 restores=6 arg_moves=24

The prompt: `set convention` applies to alloc, machine, check and sweep:

  $ minicc <<'X'
  > load ../run/calls/calls.ir
  > args 10
  > set regs 4
  > set convention caller-saved
  > machine
  > set convention callee-saved
  > machine
  > sweep 2,4 vary convention
  > X
  loaded ../run/calls/calls.ir: 4 functions
  main(i32 n): SSA form, 1 block
  args: 10
  regs 4
  convention caller-saved
  # caller-saved with K=4: caller-saved r0 r1 r2 r3 (arguments r0..r3, result r0), callee-saved none; further arguments in incoming slots
  # machine: improved allocator, K = 4, convention caller-saved (every function the run reaches)
  return 9055
  stats: instructions=799 copies=0 spill_reads=0 spill_writes=0 registers=4 slots=0 calls=222 saves=196 restores=196 arg_moves=531
  convention callee-saved
  # callee-saved with K=4: caller-saved none, callee-saved r0 r1 r2 r3; arguments in incoming slots, result in the result slot
  # machine: improved allocator, K = 4, convention callee-saved (every function the run reaches)
  return 9055
  stats: instructions=799 copies=0 spill_reads=0 spill_writes=0 registers=4 slots=0 calls=222 saves=708 restores=708 arg_moves=975
  sweep main (from ssa): stage input gives return 9055
  # improved allocator; saves and restores: the convention's traffic (apart from spills)
     K  convention     slots     spills    calls    saves restores instructions  result
     2  split              0        155      222      309      309          799  agree
     2  caller-saved       0        155      222      177      177          799  agree
     2  callee-saved       0        155      222      443      443          799  agree
     4  split              0          0      222      373      373          799  agree
     4  caller-saved       0          0      222      196      196          799  agree
     4  callee-saved       0          0      222      708      708          799  agree
  all 6 runs agree with stage input

`sweep --vary convention` on calls.ir: the conventions side by side; the
plain table adds saves and restores for a function with calls:

  $ minicc sweep --vary convention --allocator baseline --regs 2,8 ../run/calls/calls.ir 10
  sweep main (-O1): stage input gives return 9055
  # baseline allocator; saves and restores: the convention's traffic (apart from spills)
     K  convention     slots     spills    calls    saves restores instructions  result
     2  split              0        193      222      310      310          799  agree
     2  caller-saved       0        193      222      196      196          799  agree
     2  callee-saved       0        193      222      443      443          799  agree
     8  split              0          0      222      196      196          799  agree
     8  caller-saved       0          0      222      196      196          799  agree
     8  callee-saved       0          0      222      531      531          799  agree
  all 6 runs agree with stage input
  $ minicc sweep --regs 4 ../run/calls/calls.ir 10
  sweep main (-O1): stage input gives return 9055
     K  allocator  slots  spill_reads spill_writes      traffic instructions     copies     saves restores  result
     1  baseline       2          794          510         1304          799          0        89       89  agree
     1  improved       1          528          466          994          799          0        88       88  agree
     2  baseline       0          106           87          193          799          0       310      310  agree
     2  improved       0           87           68          155          799          0       309      309  agree
     3  baseline       0           24           24           48          799          0       240      240  agree
     3  improved       0           24           24           48          799          0       310      310  agree
     4  baseline       0            0            0            0          799          0       284      284  agree
     4  improved       0            0            0            0          799          0       373      373  agree
  all 8 runs agree with stage input

What the allocation does at each call (print --stage allocated), and why
(the trace, interference --why):

  $ minicc print --stage allocated --allocator baseline --regs 2 --convention caller-saved --func fib ../run/calls/calls.ir | grep '^# \(convention\|call\|prologue\)'
  # convention caller-saved with K=2: caller-saved r0 r1 (arguments r0..r1, result r0), callee-saved none; further arguments in incoming slots
  # call fib at 33:5 in rec: save n (r1) in save0;
  # call fib at 35:5 in rec: save a (r0) in save0;
  $ minicc run --stage alloc --allocator baseline --regs 3 --trace-alloc --func fib ../run/calls/calls.ir 5 | grep 'call at\|prologue'
    call at 33:5: n in caller-saved r1 is live across it: saved to save0, restored after
    call at 35:5: a in caller-saved r0 is live across it: saved to save0, restored after
  $ minicc print --stage allocated --allocator baseline --regs 3 --why n,n2 --func fib ../run/calls/calls.ir | tail -3
  n and n2 do not interfere: neither is defined where the other is live
    n -> r1, n2 -> r1 (baseline allocator, K = 3)
    n is live across the call to fib at 33:5: in caller-saved r1, which the call clobbers under split: saved before it, restored after

Generated modules with calls through stage alloc (every allocator, several
K, each convention): a callee reading a register it never wrote is
no convention matter, only the caller's reads after its call trap (seed 3
trapped in linear's callee before that was so):

  $ minicc fuzz --calls 3 --stages input,alloc --count 60 2>&1 | sed 's/ ([0-9.]* s)$//'
  fuzz: 60 programs (seeds 1..60, 28 SSA, 9 trapping, 0 skipped), 199 configurations, 11940 stage runs, all agree

Helpers with many variables: a helper names its depth test `z` first, so its
22nd variable is v21 (the generator used to leave it unnamed, `?`, and the
module did not verify):

  $ minicc gen --seed 90003 --calls 3 --vars 32 | grep -c '^    ? = '
  0
  [1]
  $ minicc fuzz --calls 3 --vars 64 --size 150 --seed 90000 --count 4 --stages input,opt,alloc 2>&1 | sed 's/ ([0-9.]* s)$//'
  fuzz: 4 programs (seeds 90000..90003, 3 SSA, 2 trapping, 0 skipped), 201 configurations, 804 stage runs, all agree

The plain sweep table takes `--convention` too (the prompt's `sweep` takes
`set convention`): its saves and restores are that convention's, named in
a header line when it is not split; the `--allocators` table runs under
split and says so when asked for another convention.

  $ minicc sweep --regs 4 --convention callee-saved ../run/calls/calls.ir 10 | sed -n 2p
  # convention callee-saved: saves and restores are its traffic (apart from spills)
  $ for c in split caller-saved callee-saved; do minicc sweep --regs 4 --convention $c ../run/calls/calls.ir 10 | grep '^   4  improved' | awk '{print $9}'; done
  373
  196
  708
  $ printf 'load ../run/calls/calls.ir\nargs 10\nset convention caller-saved\nsweep 4\n' | minicc 2>&1 | grep '^# convention'
  # convention caller-saved: saves and restores are its traffic (apart from spills)
  $ minicc sweep --regs 4 --allocators all --convention caller-saved ../run/calls/calls.ir 10
  minicc sweep: error: --convention: the --allocators table runs under split; use the plain table or --vary convention
  [2]

At the prompt, `regs` ends with what the convention makes of the calls (the
workbench's calls pane says the same): the registers a call clobbers, the
prologue's callee saves and, at each call, the values live across it, kept
or saved, with the saves as parallel moves around it. A function without
calls shows none of it:

  $ minicc ../../share/minicc/examples/quicksort.c <<'IN' | sed -n '/^calls:/,/^[^ ]/p'
  > func quicksort
  > regs
  > set convention caller-saved
  > regs
  > func swap
  > regs
  > IN
  calls: split K=4: a call clobbers r0 r1; r2 r3 callee-saved
    prologue (save1, save2) := (r2, r3), restored at return
    47:13 partition: across it lo r2 kept, hi r3 kept
    48:16 quicksort: across it hi r3 kept, p r1 saved
      (save0) := (r1)   call   (r1) := (save0)
    48:42 quicksort: across it add.L48.2 r2 kept
  convention caller-saved
  calls: caller-saved K=4: a call clobbers r0 r1 r2 r3; none callee-saved
    prologue: no callee-saved register written
    47:13 partition: across it lo r2 saved, hi r1 saved
      (save0, save1) := (r2, r1)   call   (r2, r1) := (save0, save1)
    48:16 quicksort: across it hi r1 saved, p r3 saved
      (save0, save1) := (r1, r3)   call   (r1, r3) := (save0, save1)
    48:42 quicksort: across it add.L48.2 r2 saved
      (save0) := (r2)   call   (r2) := (save0)
  swap(buf a, i32 i, i32 j): mutable form, 1 block

  $ minicc ../../share/minicc/examples/quicksort.c <<'IN' | tail -2
  > func swap
  > regs
  > IN
    load.L28 -> r0
  4 registers, 0 slots, 0 values spilled
