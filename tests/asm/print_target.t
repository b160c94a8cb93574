`print --stage allocated --target T` shows the allocation stage asm makes
for a real target: the target's allocatable registers (K = 10 on x86-64,
24 on rv64) under its convention, every register by its real name, in the
`# NAME -> REG` lines, the convention line, the call saves, the trace and
`--why`. total keeps n, i and s live across the call to sq; on x86-64 the
allocator puts them in caller-saved registers, so the call saves all three:

  $ minicc print sumsq_calls.ir --func total --stage allocated --target x86-64 | head -11
  # improved allocation of total: 10 registers, 0 slots, 0 values spilled, 2 coalesced, 2 copies removed
  # n -> r9
  # i -> r8
  # i2 -> r8 (coalesced with i)
  # s -> rdi
  # s2 -> rdi (coalesced with s)
  # c -> rsi
  # q -> rsi
  # convention x86-64 with K=10: caller-saved rsi rdi r8 r9 r10, callee-saved rbx r12 r13 r14 r15; arguments and result in the target's ABI registers, outside the allocated ones
  # call sq at 18:5 in body: save n (r9) in save0; save i (r8) in save1; save s (rdi) in save2;
  # deleted in body: i = copy i2 (both in r8)

The same registers as the assembly that stage asm runs (n in r9d, i in r8d):

  $ minicc emit-asm sumsq_calls.ir --target x86-64 | grep -c 'cmp r8d, r9d'
  2

rv64 names its registers t0-t4 a0-a7 s1-s11; the trace names them too:

  $ minicc print sumsq_calls.ir --func total --stage allocated --target rv64 --trace-alloc | grep -E '^# improved allocation trace|^    colour' | head -6
  # improved allocation trace of total, K=24
      colour q -> t0
      colour c -> t0
      colour s -> t1
      colour i -> t2
      colour n -> t3

  $ minicc print sumsq_calls.ir --func total --stage allocated --target x86-64 --why n,i
  n and i interfere: i is defined at entry: i = copy 0
    while n is live after it (they need different locations)
    n -> r9, i -> r8 (improved allocator, K = 10)
    n is live across the call to sq at 18:5: in caller-saved r9, which the call clobbers under x86-64: saved before it, restored after
    i is live across the call to sq at 18:5: in caller-saved r8, which the call clobbers under x86-64: saved before it, restored after

Mistakes: the target fixes K and the convention, and only the allocated
and selected stages have one:

  $ minicc print sumsq_calls.ir --stage allocated --target x86-64 --regs 3
  minicc print: error: --target x86-64 fixes the registers (K = 10) and the convention: drop --regs
  [2]
  $ minicc print sumsq_calls.ir --stage allocated --target rv64 --convention split
  minicc print: error: --target rv64 fixes the registers (K = 24) and the convention: drop --convention
  [2]
  $ minicc print sumsq_calls.ir --stage ssa --target x86-64
  minicc print: error: --target needs --stage allocated or selected
  [2]
  $ minicc print sumsq_calls.ir --stage destroyed --target rv64
  minicc print: error: --target needs --stage allocated or selected
  [2]
  $ minicc print sumsq_calls.ir --stage allocated --target arm
  minicc print: error: unknown target 'arm' (assembly targets: x86-64, rv64; all targets: chapter, x86-64, rv64)
  [2]
