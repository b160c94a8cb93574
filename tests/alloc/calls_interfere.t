`calls=interfere` (docs/allocators.md, "Calls and calling conventions"): a
value live across a call interferes with the registers the call clobbers
(the caller-saved ones), so every allocator keeps it in a callee-saved
register or a slot instead of saving it around the call; a parameter, a
call's argument and result and a returned value prefer the convention's
register for them (argument i, the result register), so the moves the
machine counts in `arg_moves=` disappear where they can. `calls=save`, the
default, is the allocator as before.

A program without calls allocates exactly as under calls=save, with every
allocator:

  $ for al in baseline improved linear ssa; do minicc print swap.ir --stage allocated --regs 2 --allocator $al > $CRAMTMP/a && minicc print swap.ir --stage allocated --regs 2 --allocator $al --alloc-opt calls=interfere | cmp - $CRAMTMP/a && echo same; done
  same
  same
  same
  same

args_calls.ir: f passes b and a as g2's arguments 0 and 1 and n, live
across the first call, to the second. Under split at K = 4 interfere puts
b in r0 and a in r1, where g2 wants them, n in a callee-saved register (one
prologue save, no save at the calls), g2's x and y where they arrive (r0,
r1) and every result where it arrives. The two moves left are n's: from r0,
where it arrives, to its register, and from there into r1 for the second
call. save colours without looking at the convention's registers (and
renames only for the saves): improved happens to give f the same
registers, but g2's x and y the other way round, two moves into g2 at each
call; the others differ elsewhere too:

  $ for al in baseline improved linear ssa; do for o in save interfere; do echo "$al $o: $(minicc run --stage alloc --allocator $al --stats --alloc-opt calls=$o args_calls.ir 5 | tail -1 | grep -o 'saves=.*')"; done; done
  baseline save: saves=2 restores=2 arg_moves=4
  baseline interfere: saves=1 restores=1 arg_moves=2
  improved save: saves=1 restores=1 arg_moves=6
  improved interfere: saves=1 restores=1 arg_moves=2
  linear save: saves=2 restores=2 arg_moves=4
  linear interfere: saves=1 restores=1 arg_moves=2
  ssa save: saves=2 restores=2 arg_moves=4
  ssa interfere: saves=1 restores=1 arg_moves=2
  $ minicc print --stage allocated --alloc-opt calls=interfere args_calls.ir | grep '^#'
  # improved allocation of main: 4 registers, 0 slots, 0 values spilled, 0 coalesced, 0 copies removed
  # n -> r0
  # r -> r0
  # convention split with K=4: caller-saved r0 r1 (arguments r0..r1, result r0), callee-saved r2 r3; further arguments in incoming slots
  # call f at 6:5 in entry: no caller saves
  # improved allocation of f: 4 registers, 0 slots, 0 values spilled, 0 coalesced, 0 copies removed
  # n -> r2
  # a -> r1
  # b -> r0
  # c -> r0
  # d -> r0
  # convention split with K=4: caller-saved r0 r1 (arguments r0..r1, result r0), callee-saved r2 r3; further arguments in incoming slots
  # call g2 at 13:5 in entry: no caller saves
  # call g2 at 14:5 in entry: no caller saves
  # prologue saves callee-saved r2
  # improved allocation of g2: 4 registers, 0 slots, 0 values spilled, 0 coalesced, 0 copies removed
  # x -> r0
  # y -> r1
  # z -> r0

The trace says what each value must avoid and prefers, then what it got
(improved, the decisions between them cut):

  $ minicc run --stage alloc --func f --trace-alloc --alloc-opt calls=interfere args_calls.ir 5 | grep -Ev '^  *(cost|push|colour|metric|variant|spill)|^variant|^  metric'
  # improved allocation trace of f, K=4
  spill costs: uses + defs, each x its block's weight (10^loop depth x probability), + 1 for a bound parameter
    n interferes with r0 r1: live across the call to g2 at 13:5 (caller-saved under split)
    n prefers r0: parameter 0 arrives there
    a prefers r1: argument 1 of the call to g2 at 13:5 goes there
    b prefers r0: argument 0 of the call to g2 at 13:5 goes there
    c prefers r0: the result of the call to g2 at 13:5 arrives there
    d prefers r0: the result of the call to g2 at 14:5 arrives there
      next n (degree 3)
      next a (degree 2)
      next b (degree 2)
      next c (degree 1)
      next d (degree 0)
  winner: variant coalesce, estimated traffic 0
    preference: n wanted r0, got r2 (a move)
    preference: a got r1 (no move)
    preference: b got r0 (no move)
    preference: c got r0 (no move)
    preference: d got r0 (no move)
    call at 13:5: n in callee-saved r2 is live across it: kept (calls=interfere: out of the caller-saved registers by interference)
    prologue: callee-saved r2 is written here: saved to save0, restored on return
    coalesce     estimated 0  <- kept
    no-coalesce  estimated 0
    degree       estimated 0
  trace replay: the assignment is the machine's
  return 4

  $ minicc print --stage allocated --func g2 args_calls.ir | grep -- '->'
  # x -> r1
  # y -> r0
  # z -> r0

`interference --why` (here print --why) names the call and the registers:

  $ minicc print --stage allocated --alloc-opt calls=interfere --func f --why n,a args_calls.ir
  n and a interfere: a is defined at entry: a = add n, 1
    while n is live after it (they need different locations)
    n -> r2, a -> r1 (improved allocator, K = 4)
    n interferes with r0: live across the call to g2 at 13:5 (r0 is caller-saved under split)
    n interferes with r1: live across the call to g2 at 13:5 (r1 is caller-saved under split)
    n prefers r0: parameter 0 arrives there (calls=interfere); it is in r2
    n is live across the call to g2 at 13:5: in callee-saved r2 under split: kept (the callee preserves it)
    a prefers r1: argument 1 of the call to g2 at 13:5 goes there (calls=interfere); it got it

sumsq_calls.ir: total keeps n, i and s live across every call to sq. At
K = 4 under split (r0 r1 caller-saved) save keeps them in registers and
saves what sits in caller-saved ones around each call; interfere has two
callee-saved registers for three values, so one spills: improved's
simplify counts the two registers each of them interferes with in its
degree, and its spill metric picks n, read in the loop but never written
there (6 spill reads, 1 write):

  $ for o in save interfere; do minicc run --stage alloc --stats --alloc-opt calls=$o sumsq_calls.ir 5; done
  return 30
  stats: instructions=29 spill_reads=0 spill_writes=0 registers=4 slots=0 calls=6 saves=7 restores=7 arg_moves=7
  return 30
  stats: instructions=29 spill_reads=6 spill_writes=1 registers=4 slots=0 calls=6 saves=2 restores=2 arg_moves=6
  $ minicc run --stage alloc --func total --trace-alloc --alloc-opt calls=interfere sumsq_calls.ir 5 | grep -E 'interferes|prefers|preference|call at|prologue|^trace replay'
    n interferes with r0 r1: live across the call to sq at 18:5 (caller-saved under split)
    n prefers r0: parameter 0 arrives there
    i interferes with r0 r1: live across the call to sq at 18:5 (caller-saved under split)
    i prefers r0: argument 0 of the call to sq at 18:5 goes there
    s interferes with r0 r1: live across the call to sq at 18:5 (caller-saved under split)
    s prefers r0: the returned value goes there
    q prefers r0: the result of the call to sq at 18:5 arrives there
    preference: n wanted r0, got slot0 (a move)
    preference: i wanted r0, got r2 (a move)
    preference: s wanted r0, got r3 (a move)
    preference: q got r0 (no move)
    call at 18:5: n in slot0 is live across it: kept (calls=interfere: out of the caller-saved registers by interference)
    call at 18:5: i in callee-saved r2 is live across it: kept (calls=interfere: out of the caller-saved registers by interference)
    call at 18:5: s in callee-saved r3 is live across it: kept (calls=interfere: out of the caller-saved registers by interference)
    prologue: callee-saved r2 is written here: saved to save0, restored on return
    prologue: callee-saved r3 is written here: saved to save1, restored on return
  trace replay: the assignment is the machine's
  $ minicc print --stage allocated --alloc-opt calls=interfere --func total --why i,s sumsq_calls.ir | grep interferes
    i interferes with r0: live across the call to sq at 18:5 (r0 is caller-saved under split)
    i interferes with r1: live across the call to sq at 18:5 (r1 is caller-saved under split)
    s interferes with r0: live across the call to sq at 18:5 (r0 is caller-saved under split)
    s interferes with r1: live across the call to sq at 18:5 (r1 is caller-saved under split)

On a real target's register file (`--target`, as stage asm allocates) the
registers go by their names:

  $ minicc print --stage allocated --target x86-64 --alloc-opt calls=interfere --func total --why i,s sumsq_calls.ir | grep '  i '
    i -> r12, s -> rbx (improved allocator, K = 13)
    i interferes with rsi: live across the call to sq at 18:5 (rsi is caller-saved under x86-64)
    i interferes with rdi: live across the call to sq at 18:5 (rdi is caller-saved under x86-64)
    i interferes with r8: live across the call to sq at 18:5 (r8 is caller-saved under x86-64)
    i interferes with r9: live across the call to sq at 18:5 (r9 is caller-saved under x86-64)
    i interferes with r10: live across the call to sq at 18:5 (r10 is caller-saved under x86-64)
    i interferes with rax: live across the call to sq at 18:5 (rax is caller-saved under x86-64)
    i interferes with rcx: live across the call to sq at 18:5 (rcx is caller-saved under x86-64)
    i interferes with rdx: live across the call to sq at 18:5 (rdx is caller-saved under x86-64)
    i is live across the call to sq at 18:5: in callee-saved r12 under x86-64: kept (the callee preserves it)

Every convention, every allocator: under caller-saved no register survives
a call, so the values live across one go to slots; under callee-saved
nothing is forbidden and arguments travel in slots:

  $ for c in split caller-saved callee-saved; do for al in baseline improved linear ssa; do echo "$c $al: $(minicc run --stage alloc --allocator $al --convention $c --stats --alloc-opt calls=interfere sumsq_calls.ir 5 | tr '\n' ' ')"; done; done
  split baseline: return 30 stats: instructions=51 spill_reads=6 spill_writes=6 registers=4 slots=0 calls=6 saves=2 restores=2 arg_moves=6 
  split improved: return 30 stats: instructions=29 spill_reads=6 spill_writes=1 registers=4 slots=0 calls=6 saves=2 restores=2 arg_moves=6 
  split linear: return 30 stats: instructions=39 spill_reads=6 spill_writes=6 registers=4 slots=0 calls=6 saves=2 restores=2 arg_moves=6 
  split ssa: return 30 stats: instructions=39 spill_reads=6 spill_writes=6 registers=4 slots=0 calls=6 saves=2 restores=2 arg_moves=6 
  caller-saved baseline: return 30 stats: instructions=51 spill_reads=28 spill_writes=13 registers=4 slots=0 calls=6 saves=0 restores=0 arg_moves=0 
  caller-saved improved: return 30 stats: instructions=29 spill_reads=28 spill_writes=13 registers=4 slots=0 calls=6 saves=0 restores=0 arg_moves=0 
  caller-saved linear: return 30 stats: instructions=39 spill_reads=28 spill_writes=13 registers=4 slots=0 calls=6 saves=0 restores=0 arg_moves=0 
  caller-saved ssa: return 30 stats: instructions=39 spill_reads=28 spill_writes=13 registers=4 slots=0 calls=6 saves=0 restores=0 arg_moves=0 
  callee-saved baseline: return 30 stats: instructions=51 spill_reads=0 spill_writes=0 registers=4 slots=0 calls=6 saves=9 restores=9 arg_moves=24 
  callee-saved improved: return 30 stats: instructions=29 spill_reads=0 spill_writes=0 registers=4 slots=0 calls=6 saves=9 restores=9 arg_moves=24 
  callee-saved linear: return 30 stats: instructions=39 spill_reads=6 spill_writes=6 registers=4 slots=0 calls=6 saves=9 restores=9 arg_moves=24 
  callee-saved ssa: return 30 stats: instructions=29 spill_reads=0 spill_writes=0 registers=4 slots=0 calls=6 saves=9 restores=9 arg_moves=24 

`sweep --vary calls` compares the two, with the convention's traffic
(saves, restores, arg_moves) beside the spills for a program with calls:

  $ minicc sweep --vary calls --regs 2,4,8 sumsq_calls.ir 5
  sweep main (-O1), improved allocator, varying calls: stage input gives return 30
     K  calls          slots  spill_reads spill_writes      traffic instructions     copies    saves restores arg_moves  result
     2  save               0           12            7           19           34          7        1        1         5  agree
     2  interfere          0           12            7           19           29          2        1        1         5  agree
     4  save               0            0            0            0           29          2        7        7         7  agree
     4  interfere          0            6            1            7           29          2        2        2         6  agree
     8  save               0            0            0            0           29          2       15       15         7  agree
     8  interfere          0            0            0            0           29          2        3        3         7  agree
  all 6 runs agree with stage input
  $ minicc sweep --vary calls --regs 4 --convention caller-saved args_calls.ir 5
  sweep main (-O1), improved allocator, varying calls: stage input gives return 4
     K  calls          slots  spill_reads spill_writes      traffic instructions     copies    saves restores arg_moves  result
     1  save               0            6            4           10            7          0        0        0         4  agree
     1  interfere          0            6            4           10            7          0        0        0         4  agree
     2  save               0            1            1            2            7          0        1        1         8  agree
     2  interfere          0            3            1            4            7          0        0        0         0  agree
     3  save               0            0            0            0            7          0        1        1         6  agree
     3  interfere          0            3            1            4            7          0        0        0         0  agree
     4  save               0            0            0            0            7          0        1        1         6  agree
     4  interfere          0            3            1            4            7          0        0        0         0  agree
  all 8 runs agree with stage input

At the prompt, `set alloc calls=interfere`:

  $ minicc args_calls.ir <<'IN'
  > args 5
  > set alloc calls=interfere
  > machine
  > set alloc default
  > machine
  > IN
  loaded args_calls.ir: 3 functions
  main(i32 n): SSA form, 1 block
  args: 5
  alloc calls=interfere
  # machine: improved allocator, K = 4, convention split, alloc calls=interfere (every function the run reaches)
  return 4
  stats: instructions=7 copies=0 spill_reads=0 spill_writes=0 registers=4 slots=0 calls=3 saves=1 restores=1 arg_moves=2
  alloc default
  # machine: improved allocator, K = 4, convention split (every function the run reaches)
  return 4
  stats: instructions=7 copies=0 spill_reads=0 spill_writes=0 registers=4 slots=0 calls=3 saves=1 restores=1 arg_moves=6

and `interference --why` there:

  $ minicc sumsq_calls.ir <<'IN' | grep -v '^loaded\|^main\|^total'
  > func total
  > set alloc calls=interfere
  > alloc 4
  > interference --why i s
  > IN
  alloc calls=interfere
  alloc (improved, K = 4): 7 nodes, 3 registers used, 1 spilled to 1 slot, 2 coalesced, 2 copies removed
  i and s interfere: s is defined at entry: s = copy 0
    while i is live after it (they need different locations)
    i -> r2, s -> r3 (improved allocator, K = 4)
    i interferes with r0: live across the call to sq at 18:5 (r0 is caller-saved under split)
    i interferes with r1: live across the call to sq at 18:5 (r1 is caller-saved under split)
    i prefers r0: argument 0 of the call to sq at 18:5 goes there (calls=interfere); it is in r2
    i is live across the call to sq at 18:5: in callee-saved r2 under split: kept (the callee preserves it)
    s interferes with r0: live across the call to sq at 18:5 (r0 is caller-saved under split)
    s interferes with r1: live across the call to sq at 18:5 (r1 is caller-saved under split)
    s prefers r0: the returned value goes there (calls=interfere); it is in r3
    s is live across the call to sq at 18:5: in callee-saved r3 under split: kept (the callee preserves it)

check agrees at every stage with calls=interfere:

  $ minicc check --alloc-opt calls=interfere --convention caller-saved ../run/calls/calls.ir 10 | tail -1
  agree
