`print --stage allocated --target T` shows the allocation stage asm makes
for a real target: the target's allocatable registers (K = 13 on x86-64,
24 on rv64) under its convention, every register by its real name, in the
`# NAME -> REG` lines, the convention line, the call saves, the trace and
`--why`. total keeps n, i and s live across the call to sq; on x86-64 the
allocator puts them in caller-saved registers, so the call saves all three:

  $ minicc print sumsq_calls.ir --func total --stage allocated --target x86-64 | head -11
  # improved allocation of total: 13 registers, 0 slots, 0 values spilled, 2 coalesced, 2 copies removed
  # n -> r9
  # i -> r8
  # i2 -> r8 (coalesced with i)
  # s -> rdi
  # s2 -> rdi (coalesced with s)
  # c -> rsi
  # q -> rax
  # convention x86-64 with K=13: caller-saved rsi rdi r8 r9 r10 rax rcx rdx, callee-saved rbx r12 r13 r14 r15; arguments and result in the ABI's registers (rdi rsi rdx rcx r8 r9, rax), moved at each call and return
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
    n -> r9, i -> r8 (improved allocator, K = 13)
    n is live across the call to sq at 18:5: in caller-saved r9, which the call clobbers under x86-64: saved before it, restored after
    i is live across the call to sq at 18:5: in caller-saved r8, which the call clobbers under x86-64: saved before it, restored after

Mistakes: the target fixes K and the convention, and only the allocated
and selected stages have one:

  $ minicc print sumsq_calls.ir --stage allocated --target x86-64 --regs 3
  minicc print: error: --target x86-64 fixes the registers (K = 13) and the convention: drop --regs
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

Two-address arithmetic (x86-64's switch two-address=copies, its default):
before the interference graph is built, x = sub a, c becomes
x = copy a; x = sub x, c, so x interferes with c (the xors too, each copy
from the operand that dies there: x, then y; b lives on); the trace shows
the rewrites, the coalescing of the copies and where they ended, and the
function printed is the rewritten one, the deleted copies listed:

  $ minicc print twoaddr.ir --stage allocated --target x86-64 --trace-alloc | grep -E 'two-address|move|winner'
    two-address: x = sub a, c becomes x = copy a; x = sub x, c (x now interferes with c)
    two-address: y = xor x, b becomes y = copy x; y = xor y, b (y now interferes with b)
    two-address: z = xor y, b becomes z = copy y; z = xor z, b (z now interferes with b)
    move z <- y: Briggs: 0 significant neighbours < K=13: merged into z
    move z <- x: Briggs: 0 significant neighbours < K=13: merged into z
    move a <- z: Briggs: 0 significant neighbours < K=13: merged into a
  winner: variant coalesce, estimated traffic 0
    preference: z got rax (no move)
    two-address copy x = copy a: both in rax: no instruction (sub x, c alone)
    two-address copy y = copy x: both in rax: no instruction (xor y, b alone)
    two-address copy z = copy y: both in rax: no instruction (xor z, b alone)
  # improved allocation of twoaddr: 13 registers, 0 slots, 0 values spilled, 3 coalesced, 3 copies removed
  $ minicc print twoaddr.ir --stage allocated --target x86-64
  # improved allocation of twoaddr: 13 registers, 0 slots, 0 values spilled, 3 coalesced, 3 copies removed
  # a -> rax
  # b -> rdi
  # c -> rsi
  # x -> rax (coalesced with a)
  # y -> rax (coalesced with a)
  # z -> rax (coalesced with a)
  # deleted in entry: x = copy a (both in rax)
  # deleted in entry: y = copy x (both in rax)
  # deleted in entry: z = copy y (both in rax)
  func twoaddr(i32 a, i32 b) {
  entry:
      c = mul b, 3
      x = copy a
      x = sub x, c
      y = copy x
      y = xor y, b
      z = copy y
      z = xor z, b
      return z
  }
  $ minicc print twoaddr.ir --stage allocated --target x86-64 --trace-alloc --allocator baseline | grep -E 'two-address|colour'
    two-address: x = sub a, c becomes x = copy a; x = sub x, c (x now interferes with c)
    two-address: y = xor x, b becomes y = copy x; y = xor y, b (y now interferes with b)
    two-address: z = xor y, b becomes z = copy y; z = xor z, b (z now interferes with b)
    colour b -> rsi
    colour c -> rdi
    colour a -> r8
    colour x -> r8
    colour y -> rdi
    colour z -> rax
    two-address copy x = copy a: both in r8: no instruction (sub x, c alone)
    two-address copy y = copy x: y in rdi, x in r8: kept (one move)
    two-address copy z = copy y: z in rax, y in rdi: kept (one move)
  $ minicc print twoaddr.ir --stage allocated --target x86-64 --trace-alloc --allocator linear | grep two-address
    two-address: x = sub a, c becomes x = copy a; x = sub x, c (x now interferes with c)
    two-address: y = xor x, b becomes y = copy x; y = xor y, b (y now interferes with b)
    two-address: z = xor y, b becomes z = copy y; z = xor z, b (z now interferes with b)
    two-address copy x = copy a: both in rsi: no instruction (sub x, c alone)
    two-address copy y = copy x: both in rsi: no instruction (xor y, b alone)
    two-address copy z = copy y: z in rax, y in rsi: kept (one move)

`--why` names the copy as the reason x and c interfere (with the emitter's
fix-up they do not, and share rsi):

  $ minicc print twoaddr.ir --stage allocated --target x86-64 --why x,c
  x and c interfere: x is defined at entry: x = copy a
    while c is live after it (they need different locations)
    x -> rax, c -> rsi (improved allocator, K = 13)
  $ minicc print twoaddr.ir --stage allocated --target x86-64 --why x,c --alloc-opt two-address=emitter
  x and c do not interfere: neither is defined where the other is live
    x -> rsi, c -> rsi (improved allocator, K = 13)

The ssa allocator colours the SSA form (x cannot be written twice): nothing
is rewritten; it keeps c in its register until x is defined (x interferes
with c, no fix-up through r11) and gives x the register of the operand the
copy would have come from when that one dies there; the trace says where
each result went. two-address=emitter leaves every allocator to the
emitter, and rv64 (three-address) is never rewritten:

  $ minicc print twoaddr.ir --stage allocated --target x86-64 --trace-alloc --allocator ssa | grep two-address
    two-address (ssa): x = sub a, c: c held until x is defined (they interfere), x prefers a's register: both in rsi: no move (sub x, c)
    two-address (ssa): y = xor x, b: y prefers x's register: both in rsi: no move (xor y, b)
    two-address (ssa): z = xor y, b: z prefers y's register: z in rax, y in rsi, b in rdi
  $ minicc print twoaddr.ir --stage allocated --target x86-64 --alloc-opt two-address=emitter | grep -E '[cx] ->|x ='
  # c -> rsi
  # x -> rsi
      x = sub a, c
  $ minicc print twoaddr.ir --stage allocated --target rv64 --alloc-opt two-address=copies | grep -E 'x ->|x ='
  # x -> t0
      x = sub a, c
  $ minicc print twoaddr.ir --stage allocated --alloc-opt two-address=copies --regs 2 | grep -E 'x ->|x ='
  # x -> r0 (coalesced with a)
  # deleted in entry: x = copy a (both in r0)
      x = copy a
      x = sub x, c
  $ minicc print twoaddr.ir --stage allocated --alloc-opt two-address=maybe
  minicc print: error: --alloc-opt: two-address: unknown value 'maybe' (target, copies, emitter)
  [2]
