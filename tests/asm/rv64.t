The rv64 target (docs/targets.md, rv64 section): the program allocated for
RISC-V (24 registers: t0-t4 a0-a7 caller-saved, s1-s11 callee-saved), tiled
into GNU assembler text for RV64IM, assembled and linked by the RISC-V
binutils into a static program with its own `_start`, run under
qemu-riscv64. Every value is kept sign-extended from 32 bits, so the `*w`
instructions give the IR's wrapping arithmetic; the division tests its
divisor (RISC-V never traps), divw/remw already give INT_MIN / -1 = INT_MIN
and INT_MIN % -1 = 0; the bounds check is one unsigned compare with an
out-of-line stub per load or store; the loop's compare fuses with its branch:

  $ minicc emit-asm --target rv64 small.ir
  # minicc: rv64 (RV64IM, LP64), allocator improved, 1 function
      .option norelax
      .text
  
      .globl minicc_f0
      .type minicc_f0, @function
  minicc_f0:                          # func avg(buf b, i32 n)
      addi sp, sp, -48             # prologue: frame of 48 bytes
      sd s0, 32(sp)                # prologue: frame of 48 bytes
      addi s0, sp, 48              # prologue: frame of 48 bytes
      addi t6, t6, -1              # prologue: depth check (at most 10000 frames; the budget in t6)
      bltz t6, .Lf0_depth          # prologue: depth check (at most 10000 frames; the budget in t6)
      sd a0, -48(s0)               # prologue: parameters from a0-a7 and the stack (one parallel move)
      sd a1, -40(s0)               # prologue: parameters from a0-a7 and the stack (one parallel move)
      mv t3, a2                    # prologue: parameters from a0-a7 and the stack (one parallel move)
  .Lf0_b0:                              # entry
      li t1, 0                     # i.2 = copy 0
      li t0, 0                     # s.2 = copy 0
      # jump head: falls through
  .Lf0_b1:                              # head
      bge t1, t3, .Lf0_b3          # c = lt i.2, n; branch c, body, done
  .Lf0_b2:                              # body
      ld t6, -40(s0)               # x = load b, i.2
      bgeu t1, t6, .Lf0_bounds0    # x = load b, i.2
      slli t5, t1, 2               # x = load b, i.2
      ld t6, -48(s0)               # x = load b, i.2
      add t5, t5, t6               # x = load b, i.2
      lw t2, 0(t5)                 # x = load b, i.2
      addw t0, t0, t2              # s.3 = add s.2, x
      addiw t1, t1, 1              # i.3 = add i.2, 1
      j .Lf0_b1                    # jump head
  .Lf0_b3:                              # done
      bge zero, t3, .Lf0_b5        # p = lt 0, n; branch p, divide, zero
  .Lf0_b4:                              # divide
      beqz t3, .Lf0_div            # q = div s.2, n
      # divw (RISC-V has no division trap): INT_MIN / -1 gives INT_MIN, as the IR defines
      divw a0, t0, t3              # q = div s.2, n
      ld s0, 32(sp)                # return q
      addi sp, sp, 48              # return q
      ret                          # return q
  .Lf0_b5:                              # zero
      li a0, 0                     # return 0
  .Lf0_ret:
      ld s0, 32(sp)                # epilogue
      addi sp, sp, 48              # epilogue
      ret                          # epilogue
  .Lf0_div:
      tail minicc_trap_div
  .Lf0_depth:
      tail minicc_trap_depth
  .Lf0_bounds0:
      mv t5, t1  # x = load b, i.2
      tail minicc_trap_bounds  # x = load b, i.2
      .size minicc_f0, .-minicc_f0

The tiles maximal munch chose (cost: instructions emitted), without
comments:

  $ minicc print small.ir --stage selected --target rv64 | sed -n '/^  head:/,/^  done:/p'
    head:
      c = lt i.2, n; branch c, body, done  => cmp + branch (fused) [cost 1]
        why: the compare's only use is this branch (dead after it): one conditional branch, no 0/1 value
              bge t1, t3, .Lf0_b3
    body:
      x = load b, i.2  => load (bounds-checked) [cost 6]
        why: one unsigned compare bgeu index, length checks both ends; then slli + add + lw
              ld t6, -40(s0)
              bgeu t1, t6, .Lf0_bounds0
              slli t5, t1, 2
              ld t6, -48(s0)
              add t5, t5, t6
              lw t2, 0(t5)
      s.3 = add s.2, x  => alu reg, reg [cost 1]
        why: three-address *w instruction: the 32-bit result sign-extended
              addw t0, t0, t2
      i.3 = add i.2, 1  => alu reg, imm [cost 1]
        why: the constant 1 fits the 12-bit immediate of addiw
              addiw t1, t1, 1
      jump head  => jump [cost 1]
        why: j to the target
              j .Lf0_b1
    done:

Runs (under qemu-riscv64), traps included, agree with the interpreter:

  $ minicc run --stage asm --target rv64 small.ir -- '[4,8,6]' 3
  return 6
  b = [4, 8, 6]
  $ minicc run --stage asm --target rv64 small.ir -- '[4,8,6]' 4
  trap: buffer index 3 outside [0,3)
  b = [4, 8, 6]
  [3]
  $ minicc run --stage asm --target rv64 small.ir -- '[4,8,6]' -1
  return 0
  b = [4, 8, 6]
  $ minicc run --stage asm --target rv64 calls.ir -- '[0,0,0,0,0]' 5
  return 15
  b = [1, 2, 3, 4, 5]
  $ minicc run --stage asm --target rv64 calls.ir -- '[0,0,0]' 5
  trap: buffer index 3 outside [0,3)
  b = [1, 2, 3]
  [3]
  $ minicc run --stage asm --target rv64 deep.ir -- 9999
  return 19998
  $ minicc run --stage asm --target rv64 deep.ir -- 10000
  trap: call depth limit exceeded
  [3]
  $ minicc run --stage asm --target rv64 --max-depth 1000000 deep.ir -- 999999
  return 1999998

A buffer written by a callee, a local buffer, and calls from MiniC, under
every allocator:

  $ for a in improved baseline linear ssa; do minicc run --stage asm --target rv64 --allocator $a ../../share/minicc/examples/quicksort.c -- '[5,-1,4,4,0,9,-7,2]' 8; done
  return 11
  a = [-7, -1, 0, 2, 4, 4, 5, 9]
  return 11
  a = [-7, -1, 0, 2, 4, 4, 5, 9]
  return 11
  a = [-7, -1, 0, 2, 4, 4, 5, 9]
  return 11
  a = [-7, -1, 0, 2, 4, 4, 5, 9]

--keep-asm DIR keeps the whole program as DIR/rv64.s:

  $ minicc run --stage asm --target rv64 --keep-asm $CRAMTMP small.ir -- '[1,2]' 2 && grep -c -e '^_start:' -e '^minicc_trap_' $CRAMTMP/rv64.s
  return 1
  b = [1, 2]
  4

check has the rv64 row after the x86-64 one; --targets rv64 keeps only it:

  $ minicc check --targets rv64 small.ir -- '[4,8,6]' 3
  input       return 6; b = [4, 8, 6]
  ssa         return 6; b = [4, 8, 6]
  opt         return 6; b = [4, 8, 6]
  alloc K=1   return 6; b = [4, 8, 6]
  alloc K=2   return 6; b = [4, 8, 6]
  alloc K=4   return 6; b = [4, 8, 6]
  alloc K=16  return 6; b = [4, 8, 6]
  native      return 6; b = [4, 8, 6]
  asm rv64    return 6; b = [4, 8, 6]
  agree
  $ minicc check --targets rv64 ../../share/minicc/examples/gcd.c -- 84 36
  input       return 12
  ssa         return 12
  opt         return 12
  alloc K=1   return 12
  alloc K=2   return 12
  alloc K=4   return 12
  alloc K=16  return 12
  native      return 12
  asm rv64    return 12
  agree

Without the RISC-V tools the stage cannot run:

  $ env PATH=/nonexistent "$(command -v minicc)" run --stage asm --target rv64 small.ir -- '[1]' 1
  minicc run: error: riscv64-linux-gnu-as is not installed (Debian package binutils-riscv64-linux-gnu), so rv64 code cannot run here
  [2]
