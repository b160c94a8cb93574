The x86-64 target (docs/targets.md): the program allocated for x86-64,
tiled into GNU assembler text (Intel syntax), assembled with `as`, linked
with `ld` into a static program with its own `_start`, and run as a process.

The text `--stage asm` runs, without its harness: a prologue (frame, depth
check, the parameters from the System V registers as one parallel move),
one tile per IR instruction, each line commented with the IR it comes from
(the loop's compare fuses with its branch; the division checks for 0 and
-1 before idiv; the load's bounds check is one unsigned compare with an
out-of-line trap stub):

  $ minicc emit-asm small.ir
  # minicc: x86-64 (System V), allocator improved, 1 function
      .intel_syntax noprefix
      .text
  
      .globl minicc_f0
      .type minicc_f0, @function
  minicc_f0:                          # func avg(buf b, i32 n)
      push rbp                             # prologue
      mov rbp, rsp                         # prologue
      sub rsp, 32                          # prologue
      dec rax                              # prologue
      js minicc_trap_depth                 # prologue
      mov qword ptr [rbp - 24], rdi        # prologue
      mov dword ptr [rbp - 16], esi        # prologue
      mov r8d, edx                         # prologue
  .Lf0_b0:                              # entry
      xor esi, esi                         # i.2 = copy 0
      xor eax, eax                         # s.2 = copy 0
  .Lf0_b1:                              # head
      cmp esi, r8d                         # c = lt i.2, n; branch c, body, done
      jge .Lf0_b3                          # c = lt i.2, n; branch c, body, done
  .Lf0_b2:                              # body
      cmp esi, dword ptr [rbp - 16]        # x = load b, i.2
      jae .L0                              # x = load b, i.2
      mov r11, qword ptr [rbp - 24]        # x = load b, i.2
      mov edi, dword ptr [r11 + rsi*4]     # x = load b, i.2
      add eax, edi                         # s.3 = add s.2, x
      add esi, 1                           # i.3 = add i.2, 1
      cmp esi, r8d                         # jump head
      jl .Lf0_b2                           # jump head
  .Lf0_b3:                              # done
      test r8d, r8d                        # p = lt 0, n; branch p, divide, zero
      jle .Lf0_b5                          # p = lt 0, n; branch p, divide, zero
  .Lf0_b4:                              # divide
      test r8d, r8d                        # q = div s.2, n
      jz minicc_trap_div                   # q = div s.2, n
      cmp r8d, -1                          # q = div s.2, n
      je .L1                               # q = div s.2, n
      cdq                                  # q = div s.2, n
      idiv r8d                             # q = div s.2, n
      jmp .L2                              # q = div s.2, n
  .L1:
      neg eax                              # q = div s.2, n
  .L2:
      leave                                # return q
      ret                                  # return q
  .Lf0_b5:                              # zero
      xor eax, eax                         # return 0
  .Lf0_ret:
      leave                                # epilogue
      ret                                  # epilogue
  # out of line: bounds traps (the index in edi, the length in esi)
      .L0: mov edi, esi                    # x = load b, i.2
      mov esi, dword ptr [rbp - 16]        # x = load b, i.2
      jmp minicc_trap_bounds               # x = load b, i.2
      .size minicc_f0, .-minicc_f0

Without comments:

  $ minicc emit-asm --no-comments small.ir | sed -n '/^minicc_f0:/,/^.Lf0_b2:/p'
  minicc_f0:
      push rbp
      mov rbp, rsp
      sub rsp, 32
      dec rax
      js minicc_trap_depth
      mov qword ptr [rbp - 24], rdi
      mov dword ptr [rbp - 16], esi
      mov r8d, edx
  .Lf0_b0:
      xor esi, esi
      xor eax, eax
  .Lf0_b1:
      cmp esi, r8d
      jge .Lf0_b3
  .Lf0_b2:

--trace-select: one line per tile before the text (the IR it covers, the
tile, its cost in instructions, why maximal munch chose it):

  $ minicc emit-asm --trace-select small.ir | sed '/^$/,$d'
  f0 -  prologue => #47 prologue [8]: rbp frame of 32 bytes, 0 callee-saved registers saved, the depth check (the caller's depth budget, passed in rax, minus 1, negative traps; kept at rbp - 8 when the function calls: no shared counter), 1 buffer descriptor stored, 1 scalar parameter moved from the ABI's registers as one parallel move
  f0 entry  i.2 = copy 0 => #26 mov reg, imm [1]: a constant 0: xor of the register with itself
  f0 entry  s.2 = copy 0 => #26 mov reg, imm [1]: a constant 0: xor of the register with itself
  f0 entry  jump head => #37 jump (fall through) [0]: the target is the next block in layout: nothing to emit
  f0 head  c = lt i.2, n; branch c, body, done => #35 cmp + jcc (fused) [2]: the compare's only use is this branch (dead after it): no 0/1 value is made, the flags drive the jump
  f0 body  x = load b, i.2 => #22 load [base + index*4] [4]: the bounds check is one unsigned compare against the length (a negative index is a huge unsigned one), then the buffer's base from its descriptor into r11 and a scaled index
  f0 body  s.3 = add s.2, x => #7 alu reg, reg [1]: both operands in registers: the result's register already holds the first operand
  f0 body  i.3 = add i.2, 1 => #5 alu reg, imm [1]: the constant 1 is the instruction's immediate operand
  f0 body  jump head => #36 jmp to a test (duplicated) [2]: the target head holds only a compare and its branch: they are repeated here (tail duplication: no jump to the test, the loop's back edge becomes a conditional jump)
  f0 done  p = lt 0, n; branch p, divide, zero => #35 cmp + jcc (fused) [2]: the compare's only use is this branch (dead after it): no 0/1 value is made, the flags drive the jump
  f0 divide  q = div s.2, n => #20 idiv (checked) [8]: the divisor may be 0 (trap) or -1 (INT_MIN / -1 would fault: negation instead); idiv divides edx:eax by the divisor in its register; the dividend was allocated to eax (no move); the quotient was allocated to eax (no move)
  f0 divide  return q => #43 return (computed in eax, epilogue in place) [2]: the instruction before computed the result in eax (peephole: no move), then the epilogue's 2 instructions are repeated here instead of a jump to it (at most 2 callee-saved registers to restore)
  f0 zero  return 0 => #46 return [1]: the result goes to eax, then the epilogue follows
  f0 -  epilogue => #48 epilogue [2]: the callee-saved registers restored, the frame left (its depth goes with it), the result in eax

print --stage selected groups the tiles by function and block, with their
instructions and why:

  $ minicc print small.ir --stage selected | head -24
  minicc_f0: func avg(buf b, i32 n)
      prologue  => prologue [cost 8]
        why: rbp frame of 32 bytes, 0 callee-saved registers saved, the depth check (the caller's depth budget, passed in rax, minus 1, negative traps; kept at rbp - 8 when the function calls: no shared counter), 1 buffer descriptor stored, 1 scalar parameter moved from the ABI's registers as one parallel move
              push rbp
              mov rbp, rsp
              sub rsp, 32
              dec rax
              js minicc_trap_depth
              mov qword ptr [rbp - 24], rdi
              mov dword ptr [rbp - 16], esi
              mov r8d, edx
    entry:
      i.2 = copy 0  => mov reg, imm [cost 1]
        why: a constant 0: xor of the register with itself
              xor esi, esi
      s.2 = copy 0  => mov reg, imm [cost 1]
        why: a constant 0: xor of the register with itself
              xor eax, eax
      jump head  => jump (fall through) [cost 0]
        why: the target is the next block in layout: nothing to emit
    head:
      c = lt i.2, n; branch c, body, done  => cmp + jcc (fused) [cost 2]
        why: the compare's only use is this branch (dead after it): no 0/1 value is made, the flags drive the jump
              cmp esi, r8d

Runs agree with the interpreter, traps included (the buffers as the trap
left them):

  $ minicc run --stage asm small.ir -- '[4,8,6]' 3
  return 6
  b = [4, 8, 6]
  $ minicc run --stage asm small.ir -- '[4,8,6]' 4
  trap: buffer index 3 outside [0,3)
  b = [4, 8, 6]
  [3]
  $ minicc run --stage asm small.ir -- '[4,8,6]' 0
  return 0
  b = [4, 8, 6]
  $ minicc run --stage asm --allocator linear -O0 small.ir -- '[4,8,-6]' 3
  return 2
  b = [4, 8, -6]
  $ minicc run --stage asm calls.ir -- '[0,0,0,0,0]' 5
  return 15
  b = [1, 2, 3, 4, 5]
  $ minicc run --stage asm calls.ir -- '[0,0,0]' 5
  trap: buffer index 3 outside [0,3)
  b = [1, 2, 3]
  [3]
  $ minicc run calls.ir -- '[0,0,0]' 5
  trap: buffer index 3 outside [0,3)
  b = [1, 2, 3]
  [3]
  $ minicc run --stage asm ../ir/ops.ir -- -2147483648 -1 '[0,0,0,0,0,0,0]'
  return -2147483648
  out = [-2147483648, -1, 2147483647, 0, -1, -2147483648, 0]
  $ minicc run --stage asm ../ir/ops.ir -- 7 0 '[0,0,0,0,0,0,0]'
  trap: division by zero
  out = [0, 7, 7, 7, 7, 0, 0]
  [3]

The depth limit: 10,000 frames by default, the entry being the first; the
harness runs on a stack of its own (mmap), so a million frames run:

  $ minicc run --stage asm deep.ir -- 9999
  return 19998
  $ minicc run --stage asm deep.ir -- 10000
  trap: call depth limit exceeded
  [3]
  $ minicc run --stage asm --max-depth 1000000 deep.ir -- 999999
  return 1999998

--keep-asm DIR keeps the whole program (harness included) as DIR/x86-64.s:

  $ minicc run --stage asm --keep-asm $CRAMTMP small.ir -- '[1,2]' 2 && grep -c '^_start:' $CRAMTMP/x86-64.s
  return 1
  b = [1, 2]
  1

check has a row for the assembly:

  $ minicc check small.ir -- '[4,8,6]' 3
  input       return 6; b = [4, 8, 6]
  ssa         return 6; b = [4, 8, 6]
  opt         return 6; b = [4, 8, 6]
  alloc K=1   return 6; b = [4, 8, 6]
  alloc K=2   return 6; b = [4, 8, 6]
  alloc K=4   return 6; b = [4, 8, 6]
  alloc K=16  return 6; b = [4, 8, 6]
  native      return 6; b = [4, 8, 6]
  asm x86-64  return 6; b = [4, 8, 6]
  asm rv64    return 6; b = [4, 8, 6]
  agree

Mistakes:

  $ minicc run --stage asm --target arm small.ir -- '[1]' 1
  minicc run: error: unknown target 'arm' (assembly targets: x86-64, rv64; all targets: chapter, x86-64, rv64)
  [2]
  $ minicc emit-asm --target chapter small.ir
  minicc emit-asm: error: unknown target 'chapter' (assembly targets: x86-64, rv64; all targets: chapter, x86-64, rv64)
  [2]
  $ minicc run --stage asm small.ir -- 1 2
  minicc run: error: argument 1 (b): expected a list such as [1, 2, 3] for buf, got '1'
  [2]
  $ minicc run --target x86-64 small.ir -- '[1]' 1
  minicc run: note: --target applies to --stage asm only (ignored at stage input)
  return 1
  b = [1]
  $ minicc check --targets sparc small.ir -- '[1]' 1
  minicc check: error: --targets: unknown target 'sparc' (x86-64, rv64 or all)
  [2]
  $ minicc emit-asm
  minicc emit-asm: error: missing FILE
  [2]
  $ minicc print small.ir --stage selected --live
  minicc print: error: --live needs another stage than selected
  [2]

Without the assembler the stage cannot run (exit 2, as for other stages
that cannot run); check shows the row as not run (no divergence):

  $ env PATH=/nonexistent "$(command -v minicc)" run --stage asm small.ir -- '[1]' 1
  minicc run: error: as is not installed (Debian package binutils), so x86-64 code cannot run here
  [2]
  $ env PATH=/nonexistent "$(command -v minicc)" check small.ir -- '[1]' 1 | grep '^asm'
  asm x86-64  not run: as is not installed (Debian package binutils), so x86-64 code cannot run here
  asm rv64    not run: riscv64-linux-gnu-as is not installed (Debian package binutils-riscv64-linux-gnu), so rv64 code cannot run here

fuzz compares stage asm with the input on both targets when `--stages` names
asm: x86-64 and rv64 (under qemu-riscv64), every allocator at -O1 and
improved at -O0 on each, 5 + 5 configurations, plus the stepping interpreter
on the input:

  $ minicc fuzz --count 5 --stages input,asm | sed 's/ ([0-9.]* s)$//'
  fuzz: 5 programs (seeds 1..5, 5 SSA, 1 trapping, 0 skipped), 11 configurations, 55 stage runs, all agree
  $ minicc fuzz --count 3 --calls 2 --stages input,asm | sed 's/ ([0-9.]* s)$//'
  fuzz: 3 programs (seeds 1..3, 3 SSA, 0 trapping, 0 skipped), 11 configurations, 33 stage runs, all agree

Every configuration ran on every program: with rv64 left out (`--stages`
cannot say that, a PATH without the RISC-V tools can) there are 6, and a note
says once why; the campaign goes on and agrees. PATH holds only the x86-64
assembler, linker and C compiler here:

  $ mkdir -p "$CRAMTMP/bin" && for t in as ld cc; do ln -sf "$(command -v $t)" "$CRAMTMP/bin/$t"; done
  $ env PATH="$CRAMTMP/bin" "$(command -v minicc)" fuzz --count 5 --stages input,asm 2>&1 | sed 's/ ([0-9.]* s)$//'
  minicc fuzz: note: asm rv64 not run: riscv64-linux-gnu-as is not installed (Debian package binutils-riscv64-linux-gnu), so rv64 code cannot run here
  fuzz: 5 programs (seeds 1..5, 5 SSA, 1 trapping, 0 skipped), 6 configurations, 30 stage runs, all agree

A default short run (at most 100 programs, no `--stages`) has one rv64
configuration, improved at -O1 (rv64 runs cost about four times x86-64's):
67 configurations with the tools, 66 without:

  $ minicc fuzz --count 2 --seed 3 2>/dev/null | sed 's/ ([0-9.]* s)$//'
  fuzz: 2 programs (seeds 3..4, 2 SSA, 0 trapping, 0 skipped), 67 configurations, 134 stage runs, all agree
  $ env PATH="$CRAMTMP/bin" "$(command -v minicc)" fuzz --count 2 --seed 3 2>&1 | sed 's/ ([0-9.]* s)$//'
  minicc fuzz: note: asm rv64 not run: riscv64-linux-gnu-as is not installed (Debian package binutils-riscv64-linux-gnu), so rv64 code cannot run here
  fuzz: 2 programs (seeds 3..4, 2 SSA, 0 trapping, 0 skipped), 66 configurations, 132 stage runs, all agree

fuzz --lang c has asm at -O1 on both targets (stage runs count input too):

  $ minicc fuzz --lang c --count 3 --stages input,asm | sed 's/ ([0-9.]* s)$//'
  fuzz --lang c: 3 programs (seeds 1..3, 2 with unguarded sites), 3 configurations, 9 stage runs, 2 cc runs; trapping 1, C program asked 0, not asked (undefined in C) 2; all agree
  $ env PATH="$CRAMTMP/bin" "$(command -v minicc)" fuzz --lang c --count 3 --stages input,asm 2>&1 | sed 's/ ([0-9.]* s)$//'
  minicc fuzz: note: asm rv64 not run: riscv64-linux-gnu-as is not installed (Debian package binutils-riscv64-linux-gnu), so rv64 code cannot run here
  fuzz --lang c: 3 programs (seeds 1..3, 2 with unguarded sites), 2 configurations, 6 stage runs, 2 cc runs; trapping 1, C program asked 0, not asked (undefined in C) 2; all agree

Division by a constant never uses idiv: a magic multiply (Granlund-Montgomery)
for 7, a shift with a bias for a power of two (INT_MIN is -2^31; -O1 folds the
division by 1 away), all in the scratch register r11 (rax, rcx and rdx may
hold values: they are allocated); every stage agrees at the edges:

  $ minicc emit-asm --trace-select divconst.ir | sed '/^$/,$d' | grep ' = div\| = rem' | sed 's/: .*//'
  f0 entry  a = div n, 7 => #19 div by a constant (magic multiply) [8]
  f0 entry  b = rem n, -7 => #18 rem by a constant (magic multiply) [10]
  f0 entry  c = div n, -8 => #17 div by 2^k (bias, sar) [7]
  f0 entry  d = rem n, 8 => #16 rem by 2^k (bias, mask) [7]
  f0 entry  e = div n, -2147483648 => #17 div by 2^k (bias, sar) [7]
  $ minicc emit-asm --no-comments divconst.ir | sed -n '/movsxd/,/sar r11d, 3$/p'
      movsxd r11, ecx
      imul r11, r11, -1840700269
      sar r11, 32
      add r11d, ecx
      sar r11d, 2
      bt ecx, 31
      adc r11d, 0
      mov r10d, r11d
      movsxd r11, ecx
      imul r11, r11, -1840700269
      sar r11, 32
      add r11d, ecx
      sar r11d, 2
      bt ecx, 31
      adc r11d, 0
      imul r11d, r11d, 7
      mov esi, ecx
      sub esi, r11d
      mov r11d, ecx
      sar r11d, 31
      shr r11d, 29
      add r11d, ecx
      sar r11d, 3
  $ for n in 0 1 -1 6 7 -7 -8 2147483647 -2147483648 -2147483647; do minicc check divconst.ir -- $n | tail -1; done
  agree
  agree
  agree
  agree
  agree
  agree
  agree
  agree
  agree
  agree
