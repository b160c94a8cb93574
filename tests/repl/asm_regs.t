`asm --regs` (a real target set): for the block the paused run is in,
each value live into it in the allocated function, where the allocation
keeps it on the target (a register by its name, a slot as the assembly
names it) and its value when the block is entered. The values come from
the allocated function run beside the stepped stage and matched block by
block, so the table is the same whichever stage is stepped: gcd stepped
four blocks (about to enter the loop's body a second time) at stages
input, ssa and destroyed.

  $ for st in input ssa destroyed; do minicc -c "load ../../share/minicc/examples/gcd.c; target x86-64; args 84 36; set stage $st; step 4; asm --regs" | tail -3; done
  x86-64 gcd at body.L14 (entry 2): 2 values live in
    rdi   b.1 = 12
    rax   a.1 = 36
  x86-64 gcd at body.L14 (entry 2): 2 values live in
    rdi   b.1 = 12
    rax   a.1 = 36
  x86-64 gcd at body.L14 (entry 2): 2 values live in
    rdi   b.1 = 12
    rax   a.1 = 36

The names are the assembly's: b.1 in edi (rdi's low half) and a.1 in eax,
where the allocator put it: it is the dividend of the rem (it prefers rax)
and the remainder t arrives in edx, so the idiv needs no move of either:

  $ minicc -c 'load ../../share/minicc/examples/gcd.c; target x86-64; asm' | grep -E 'idiv|mov e.., edx'
      idiv edi                             # t = rem a.1, b.1  (C line 15)
      mov edi, edx                         # b.2 = copy t  (C line 17)

One more step: the loop's header, its third entry; on rv64 the same
values in rv64's registers.

  $ minicc -c 'load ../../share/minicc/examples/gcd.c; target x86-64; args 84 36; step 5; asm --regs; target rv64; asm --regs' | tail -7
  x86-64 gcd at while.L14 (entry 3): 2 values live in
    rdi   b.1 = 0
    rax   a.1 = 12
  target rv64: asm and select emit for 24 allocatable registers (t0 ... s11)
  rv64 gcd at while.L14 (entry 3): 2 values live in
    t1    b.1 = 0
    t2    a.1 = 12

Fourteen values live at the head of spill12's loop, more than x86-64's 13
allocatable registers: the rest is in a frame slot, named as the assembly
names it (`dword ptr [rbp - 104]` is n), registers first.

  $ minicc -c 'load ../asm/spill12.ir; target x86-64; args 3; step 3; asm --regs' | tail -15
  x86-64 spill12 at head (entry 2): 14 values live in
    rsi          i = 1
    rdi          a = 3
    r8           b = 5
    r9           c = 7
    r10          d = 9
    rax          e = 11
    rcx          f = 13
    rdx          g = 15
    rbx          h = 17
    r12          m = 19
    r13          j = 21
    r14          k = 23
    r15          l = 13
    [rbp - 104]  n = 3
  $ minicc -c 'load ../asm/spill12.ir; target x86-64; asm' | grep -E '\[rbp - 104\]' | head -3
      mov dword ptr [rbp - 104], edi       # prologue
      cmp esi, dword ptr [rbp - 104]       # t = lt i, n; branch t, body, exit
      cmp esi, dword ptr [rbp - 104]       # jump head

In a callee (the stack of frames): the innermost frame's function on the
target, with the arguments that frame began with.

  $ minicc -c 'load frames.ir; target x86-64; args 3; break fact:base; run; asm --regs; finish; asm --regs' | tail -6
  x86-64 fact at base (entry 1): 0 values live in
  run till exit from #0 fact(n = 1) about to enter base
  fact returned 1: t = 1
  #0 fact(n = 2) in rec, next: r = mul n, t
  x86-64 fact at rec (entry 1): 1 value live in
    r8    n = 2

The values are the allocated function's, never the stepped stage's
mistakes: with `set phi-mode sequential` the stepped swapk ends its loop
with a = b = 10, while the allocated function (its phis destroyed
correctly) holds b = 0 and a = 10.

  $ minicc -c 'load asm_regs.ir; target x86-64; args 0; set phi-mode sequential; step 8; print a b; asm --regs' | tail -6
  a = 10
  b = 10
  x86-64 swapk at exit (entry 1): 3 values live in
    r8    b = 0
    r9    a = 10
    r10   x = 0

Then the stepped run enters small where the allocated function enters
big: their paths differ, and no value is shown.

  $ minicc -c 'load asm_regs.ir; target x86-64; args 0; set phi-mode sequential; step 9; asm --regs' | tail -2
  x86-64 swapk at small: 0 values live in
  ?: stage input entered small where the allocated function enters big: their paths differ

  $ minicc -c 'load asm_regs.ir; target x86-64; args 0; step 9; asm --regs' | tail -2
  x86-64 swapk at big (entry 1): 1 value live in
    r10   x = 0

With opt built the allocation comes from it: hop's block mid, which only
jumps, is merged away, and the stepped input reaching it has no table.

  $ minicc -c 'load asm_regs.ir; func hop; target x86-64; opt; args 4; step 1; asm --regs; step; asm --regs' | grep -E '^(live|x86|\?)'
  live: block mid of stage input is not in the allocated function (the pipeline merged or removed it)
  live: block last of stage input is not in the allocated function (the pipeline merged or removed it)

Past 20000 block entries the values are not replayed: `?` and why.

  $ minicc -c 'load ../asm/spill12.ir; target x86-64; args 30000; step 19999; asm --regs; step; asm --regs' | grep -A2 -E '^(x86|\?)'
  x86-64 spill12 at head (entry 10000): 14 values live in
    rsi          i = 9999
    rdi          a = 133117184
  --
  x86-64 spill12 at body: 14 values live in
    rsi          i = ?
    rdi          a = ?
  --
  ?: 20001 blocks into the run: values are replayed for the first 20000 only

Before a run, after it, with target chapter and with other arguments:

  $ minicc -c 'load ../../share/minicc/examples/gcd.c; target x86-64; asm --regs; args 84 36; run; asm --regs; asm --regs gcd; asm --regs --run; target chapter; asm --regs'
  loaded ../../share/minicc/examples/gcd.c: 1 function
  gcd(i32 a, i32 b): mutable form, 4 blocks
  target x86-64: asm and select emit for 13 allocatable registers (rsi ... r15)
  live: no run: step or stepi starts one
  args: 84 36
  return 12
  live: the run has ended (restart to step again)
  -c:7: error: asm: --regs shows the stepped block; it takes no function (see: help asm)
  -c:8: error: asm: --regs shows the stepped block; it takes no --run (see: help asm)
  target chapter: the abstract machine r0..r(K-1) (K = 4); asm and select need a real target
  -c:10: error: asm: target chapter has no assembly; `target x86-64` or `target rv64`
  [1]
