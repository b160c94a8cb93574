Planted bugs in x86-64's constraints (docs/targets.md, Planted bugs), for
the bug hunt: `check --asm-bug NAME` finds each at the asm x86-64 row; rv64
(three-address, no fixed registers, nothing planted) agrees with the rest.
Each program agrees without the bug.

two-address: by default (two-address=copies) x86-64's allocator sees
x = sub a, c as x = copy a; x = sub x, c: x interferes with c, the copy is
coalesced, and the emitter writes one sub; the bug never shows there:

  $ minicc emit-asm --no-comments twoaddr.ir | grep -A2 imul
      imul esi, edi, 3
      sub eax, esi
      xor eax, edi
  $ minicc check --asm-bug two-address twoaddr.ir -- 10 3 | tail -1
  agree

With two-address=emitter the allocator does not see the constraint, gives x
c's register (c dies there) and the emitter goes through r11; the bug
copies a into x first, which clobbers c before sub reads it (a - a = 0):

  $ minicc check --alloc-opt two-address=emitter twoaddr.ir -- 10 3 | tail -1
  agree
  $ minicc check --alloc-opt two-address=emitter --asm-bug two-address twoaddr.ir -- 10 3
  input       return 1
  ssa         return 1
  opt         return 1
  alloc K=1   return 1
  alloc K=2   return 1
  alloc K=4   return 1
  alloc K=16  return 1
  native      return 1
  asm x86-64  return 0
  asm rv64    return 1
  diverge at asm x86-64
  [1]
  $ minicc emit-asm --no-comments --alloc-opt two-address=emitter twoaddr.ir | grep -A3 imul
      imul esi, edi, 3
      mov r11d, esi
      mov esi, r8d
      sub esi, r11d
  $ minicc emit-asm --no-comments --alloc-opt two-address=emitter --asm-bug two-address twoaddr.ir | grep -A3 imul
      imul esi, edi, 3
      mov esi, r8d
      sub esi, esi
      xor esi, edi

no-cdq: idiv divides edx:eax; cdq sign-extends the dividend into edx, the
bug zeroes edx instead (a negative dividend becomes a huge positive one):

  $ minicc check negdiv.ir -- -7 2 | tail -1
  agree
  $ minicc check --asm-bug no-cdq negdiv.ir -- -7 2 | tail -3
  asm x86-64  return 2147483644
  asm rv64    return -3
  diverge at asm x86-64
  $ minicc check --asm-bug no-cdq negdiv.ir -- 7 2 | tail -1
  agree
  $ minicc emit-asm --no-comments negdiv.ir | grep -B1 idiv
      cdq
      idiv esi
  $ minicc emit-asm --no-comments --asm-bug no-cdq negdiv.ir | grep -B1 idiv
      xor edx, edx
      idiv esi

shift-count: a variable count must be in cl. The allocator sees it: the
first count (n) prefers rcx and gets it, no move; the second (v) is live
across the first shift, so it cannot be in rcx there and is moved into ecx
before its shift; the bug leaves that move out (the second shift uses n):

  $ minicc check shiftvar.ir -- 1 4 1 2 | tail -1
  agree
  $ minicc check --asm-bug shift-count shiftvar.ir -- 1 4 1 2 | tail -3
  asm x86-64  return 32
  asm rv64    return 20
  diverge at asm x86-64
  $ minicc emit-asm --no-comments shiftvar.ir | grep -B1 'shl.*cl'
  .Lf0_b0:
      shl edi, cl
  --
      mov esi, r8d
      shl esi, cl
  $ minicc emit-asm --no-comments shiftvar.ir | grep -c 'mov ecx, esi'
  2
  $ minicc emit-asm --no-comments --asm-bug shift-count shiftvar.ir | grep -c 'mov ecx, esi'
  1

no-caller-saves: a value live across one call in a caller-saved register
is saved to a save slot before the call and restored after; the bug does
neither (the callee's own values overwrite it):

  $ minicc check callsave.ir -- 5 | tail -1
  agree
  $ minicc check --asm-bug no-caller-saves callsave.ir -- 5 | tail -3
  asm x86-64  return 16
  asm rv64    return 26
  diverge at asm x86-64
  $ minicc emit-asm --no-comments callsave.ir | grep -B1 -A1 'call minicc'
      mov rax, qword ptr [rbp - 8]
      call minicc_f1
      mov esi, dword ptr [rbp - 16]
  --
      mov rax, qword ptr [rbp - 8]
      call minicc_f2
      mov esi, dword ptr [rbp - 16]
  $ minicc emit-asm --no-comments --asm-bug no-caller-saves callsave.ir | grep -B1 -A1 'call minicc'
      mov rax, qword ptr [rbp - 8]
      call minicc_f1
      add eax, esi
  --
      mov rax, qword ptr [rbp - 8]
      call minicc_f2
      add eax, esi

no-callee-saves: a value live across two calls goes to rbx, which the
prologue of every function that writes it saves and the epilogue restores;
the bug does neither, so g's n overwrites f's a:

  $ minicc check saves.ir -- 5 | tail -1
  agree
  $ minicc check --asm-bug no-callee-saves saves.ir -- 5 | tail -3
  asm x86-64  return 38
  asm rv64    return 41
  diverge at asm x86-64
  $ minicc emit-asm --no-comments saves.ir | grep -c 'rbx\|ebx'
  9
  $ minicc emit-asm --no-comments --asm-bug no-callee-saves saves.ir | grep -c 'rbx\|ebx'
  5

The bugs are x86-64's: --asm-bug none is the default (the same text), and
rv64 ignores the option:

  $ minicc emit-asm twoaddr.ir > default.s
  $ minicc emit-asm --asm-bug none twoaddr.ir | cmp - default.s && echo same
  same
  $ minicc emit-asm --target rv64 saves.ir > rv.s
  $ minicc emit-asm --target rv64 --asm-bug no-callee-saves saves.ir | cmp - rv.s && echo same
  minicc emit-asm: note: --asm-bug plants a bug of x86-64's emitter: rv64's text is unchanged
  same
  $ rm default.s rv.s
  $ minicc run --stage asm --target rv64 --asm-bug no-cdq negdiv.ir -- -7 2
  minicc run: note: --asm-bug plants a bug of x86-64's emitter: rv64 runs unchanged
  return -3

run --stage asm takes it too (the target x86-64):

  $ minicc run --stage asm --asm-bug no-cdq negdiv.ir -- -7 2
  return 2147483644
  $ minicc run --asm-bug no-cdq negdiv.ir -- -7 2
  minicc run: note: --asm-bug applies to --stage asm only (ignored at stage input)
  return -3

At the prompt, `set asm-bug NAME` is used by asm, select and check (check's
x86-64 row only), and `set` lists it while it is not none:

  $ minicc negdiv.ir <<'EOF' 2>&1 | grep -e '^[a-z]' -e 'cdq' -e 'edx, edx'
  > args -7 2
  > set asm-bug no-cdq
  > set
  > check
  > target x86-64
  > asm
  > set asm-bug none
  > check
  > EOF
  loaded negdiv.ir: 1 function
  negdiv(i32 a, i32 b): SSA form, 1 block
  args: -7 2
  asm-bug no-cdq: planted in x86-64's emitter for asm, select, check (rv64 has no such constraint)
  phi-mode   parallel
  stage      input
  max-steps  100000
  max-depth  10000
  regs       4
  allocator  improved
  cc         system
  asm-bug    no-cdq
  input       return -3
  ssa         return -3
  opt         return -3
  alloc K=1   return -3
  alloc K=2   return -3
  alloc K=4   return -3
  alloc K=16  return -3
  native      return -3
  asm x86-64  return 2147483644
  asm rv64    return -3
  diverge at asm x86-64
  target x86-64: asm and select emit for 13 allocatable registers (rsi ... r15)
  minicc_f0:                          # func negdiv(i32 a, i32 b)
      xor edx, edx                         # q = div a, b
  asm-bug none
  input       return -3
  ssa         return -3
  opt         return -3
  alloc K=1   return -3
  alloc K=2   return -3
  alloc K=4   return -3
  alloc K=16  return -3
  native      return -3
  asm x86-64  return -3
  asm rv64    return -3
  agree

fuzz finds each with --mutant asm-NAME (a configuration of stage asm
x86-64 with the bug; the save bugs need calls):

  $ for m in two-address no-cdq shift-count; do minicc fuzz --mutant asm-$m --count 200 --seed 1 --stages ssa 2>&1 | head -1 | sed 's/seed [0-9]* (program [0-9]* of/seed S (program P of/'; done
  fuzz: seed S (program P of 200): diverge at asm x86-64 two-address (--mutant)
  fuzz: seed S (program P of 200): diverge at asm x86-64 no-cdq (--mutant)
  fuzz: seed S (program P of 200): diverge at asm x86-64 shift-count (--mutant)
  $ for m in no-caller-saves no-callee-saves; do minicc fuzz --calls 2 --mutant asm-$m --count 50 --seed 1 --stages ssa 2>&1 | head -1 | sed 's/seed [0-9]* (program [0-9]* of/seed S (program P of/'; done
  fuzz: seed S (program P of 50): diverge at asm x86-64 no-caller-saves (--mutant)
  fuzz: seed S (program P of 50): diverge at asm x86-64 no-callee-saves (--mutant)

Mistakes:

  $ minicc check --asm-bug no-cd negdiv.ir -- 1 2
  minicc check: error: --asm-bug: unknown bug 'no-cd' (none, two-address, no-cdq, shift-count, no-caller-saves, no-callee-saves)
  [2]
  $ minicc <<'EOF' 2>&1
  > set asm-bug nope
  > EOF
  <stdin>:1: error: set asm-bug: unknown bug 'nope' (none, two-address, no-cdq, shift-count, no-caller-saves, no-callee-saves)
  [1]
