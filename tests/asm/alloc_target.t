`alloc target` at the prompt: the session's function allocated as stage asm
allocates it for the target chosen with `target` (its register file, its
convention, x86-64's two-address copies and fixed registers), each value's
register by its real name. idivshift divides a by b twice and shifts by c:
the constraints and their reasons come first in the trace.

  $ minicc -c 'load idivshift.ir; target x86-64; alloc target'
  loaded idivshift.ir: 1 function
  idivshift(i32 a, i32 b, i32 c): SSA form, 1 block
  target x86-64: asm and select emit for 13 allocatable registers (rsi ... r15)
  # target x86-64, improved allocator, K = 13
    a     -> r8
    b     -> rdi
    c     -> rcx
    q     -> rsi
    r     -> rdx
    x     -> rsi
    t     -> rsi
    y     -> rax
  13 registers, 0 slots, 0 values spilled

  $ minicc -c 'load idivshift.ir; target x86-64; alloc target --trace' | grep 'interferes with\|prefers\|preference'
    a interferes with rax rdx: live across the idiv at 7:5 (idiv writes edx:eax)
    a prefers rax: idiv's dividend (eax) at 7:5
    b interferes with rax rdx: live across the idiv at 7:5 (idiv writes edx:eax)
    b interferes with rax rdx: the divisor of the idiv at 7:5 (the dividend goes into eax and cdq writes edx before idiv reads it)
    c interferes with rax rdx: live across the idiv at 7:5 (idiv writes edx:eax)
    c prefers rcx: the variable shift's count (cl) at 10:5
    q interferes with rax rdx: live across the idiv at 8:5 (idiv writes edx:eax)
    q prefers rax: idiv's quotient (eax) at 7:5
    r prefers rdx: idiv's remainder (edx) at 8:5
    x interferes with rcx: the shifted operand of the shl at 10:5 (the count goes into ecx first)
    t interferes with rcx: the result of the shl at 10:5 (it shifts by cl)
    y prefers rax: the returned value goes there
    preference: a wanted rax, got r8 (a move)
    preference: c got rcx (no move)
    preference: q wanted rax, got rsi (a move)
    preference: r got rdx (no move)
    preference: y got rax (no move)

`--why X Y` says why two values interfere in that allocation and what each
one was asked for:

  $ minicc -c 'load idivshift.ir; target x86-64; alloc target --why q c' | tail -n +4
  q and c interfere: q is defined at entry: q = div a, b
    while c is live after it (they need different locations)
    q -> rsi, c -> rcx (improved allocator, K = 13)
    q interferes with rax rdx: live across the idiv at 8:5 (idiv writes edx:eax)
    q prefers rax: idiv's quotient (eax) at 7:5 (x86-64's fixed registers); it is in rsi
    c interferes with rax rdx: live across the idiv at 7:5 (idiv writes edx:eax)
    c prefers rcx: the variable shift's count (cl) at 10:5 (x86-64's fixed registers); it got it

The same function on rv64 (no fixed registers, 24 registers), and the ssa
allocator on x86-64:

  $ minicc -c 'load idivshift.ir; target rv64; alloc target; target x86-64; alloc target ssa' | grep -v '^loaded\|^idivshift('
  target rv64: asm and select emit for 24 allocatable registers (t0 ... s11)
  # target rv64, improved allocator, K = 24
    a     -> t3
    b     -> t0
    c     -> t2
    q     -> t1
    r     -> t0
    x     -> t0
    t     -> t0
    y     -> t0
  24 registers, 0 slots, 0 values spilled
  target x86-64: asm and select emit for 13 allocatable registers (rsi ... r15)
  # target x86-64, ssa allocator, K = 13
    a     -> rsi
    b     -> rdi
    c     -> rcx
    q     -> r8
    r     -> rdx
    x     -> rsi
    t     -> rsi
    y     -> rax
  13 registers, 0 slots, 0 values spilled

The session's own allocation (the teaching machine's, for regs, machine and
check) is not changed by it:

  $ minicc -c 'load idivshift.ir; alloc 4; target x86-64; alloc target; regs' | sed -n '/^# improved allocator/,$p'
  # improved allocator, K = 4
    a     -> r3
    b     -> r0
    c     -> r1
    q     -> r2
    r     -> r0
    x     -> r0
    t     -> r0
    y     -> r0
  4 registers, 0 slots, 0 values spilled

Bad input: no real target, an unknown allocator, --why without two names or
with an unknown value, --trace with --why, --why on the teaching machine.
Each is an error and the session goes on (the last command still runs):

  $ minicc -c 'load idivshift.ir; alloc target; target x86-64; alloc target bogus; alloc target --why q; alloc target --why q zz; alloc target --trace --why q c; alloc 4 --why q c; alloc target 1 2; target' 2>&1 | grep -v '^  '
  loaded idivshift.ir: 1 function
  idivshift(i32 a, i32 b, i32 c): SSA form, 1 block
  -c:2: error: alloc target: the target is chapter; choose a real one first (target x86-64 or target rv64)
  target x86-64: asm and select emit for 13 allocatable registers (rsi ... r15)
  -c:4: error: alloc: unknown allocator 'bogus' (baseline, improved, linear, ssa)
  -c:5: error: alloc: --why needs two value names
  -c:6: error: alloc target: no value 'zz' in the allocated function
  -c:7: error: alloc target: --trace or --why, not both
  -c:8: error: alloc: --why is for alloc target (on the teaching machine: interference --why X Y)
  -c:9: error: alloc: unexpected argument '2' (see: help alloc)
  target x86-64: 13 allocatable registers
