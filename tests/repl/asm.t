Real targets at the prompt: `target` describes and sets the session's
target, `asm` and `select` emit for it. The default target, chapter, is the
abstract machine r0..r(K-1): it has no assembly.

  $ minicc -c 'target'
  target chapter: the abstract machine r0..r(K-1), K set by --regs; conventions split, caller-saved, callee-saved

Setting a target names its register file; alone, `target` describes it:
which registers are caller- and callee-saved, the arguments, and the
registers never allocated, with why.

  $ minicc -c 'target x86-64; target'
  target x86-64: asm and select emit for 13 allocatable registers (rsi ... r15)
  target x86-64: 13 allocatable registers
    caller-saved: rsi rdi r8 r9 r10 rax rcx rdx
    callee-saved: rbx r12 r13 r14 r15
    arguments: rdi rsi rdx rcx r8 r9 (then the stack; a buffer takes two: address and length), result eax
    reserved (never allocated):
      rsp   the stack pointer
      rbp   the frame pointer: spill slots, saves and buffer descriptors at fixed offsets from it
      r11   the tiles' scratch: a spilled operand, a buffer's base address, a division by a constant, a cycle of moves goes through it
      xmm15 a spilled value stored into a buffer goes through it (r11 holds the address, every general register may be live)
    fixed registers (constraints the allocator sees, not reserved):
      idiv  a value live across it, and the divisor, not in rax rdx (cdq, edx:eax);
            the dividend and the quotient prefer rax, the remainder rdx
      shift by a variable count: a value live across it (but the count), the
            shifted operand and the result not in rcx; the count prefers rcx (cl)
      a call's result and a returned value prefer rax (eax), a value read only
            as a call's argument that argument's register

`set target` is the same; `set` lists the target when it is not chapter;
the other spellings x64 and riscv64 are accepted.

  $ minicc -c 'set target riscv64; set; target x64; target chapter; set'
  target rv64: asm and select emit for 24 allocatable registers (t0 ... s11)
  phi-mode   parallel
  stage      input
  max-steps  100000
  max-depth  10000
  regs       4
  allocator  improved
  cc         system
  target     rv64
  target x86-64: asm and select emit for 13 allocatable registers (rsi ... r15)
  target chapter: the abstract machine r0..r(K-1) (K = 4); asm and select need a real target
  phi-mode   parallel
  stage      input
  max-steps  100000
  max-depth  10000
  regs       4
  allocator  improved
  cc         system

An unknown target is an error that lists the targets; the target stays.

  $ minicc -c 'target rv64; target arm; set target sparc; target x86-64 rv64; target' 2>&1 | head -6
  target rv64: asm and select emit for 24 allocatable registers (t0 ... s11)
  -c:2: error: target: unknown target 'arm' (chapter, x86-64, rv64)
  -c:3: error: set target: unknown target 'sparc' (chapter, x86-64, rv64)
  -c:4: error: target: unexpected argument 'rv64' (see: help target)
  target rv64: 24 allocatable registers
    caller-saved: t0 t1 t2 t3 t4 a0 a1 a2 a3 a4 a5 a6 a7

With target chapter, asm and select say how to choose a target and change
nothing; so they do before a function is loaded on a real target, and for
a function the module does not have.

  $ minicc -c 'load ../../share/minicc/examples/gcd.ir; asm; select; target'
  loaded ../../share/minicc/examples/gcd.ir: 1 function
  gcd(i32 a, i32 b): mutable form, 6 blocks
  -c:2: error: asm: target chapter has no assembly; `target x86-64` or `target rv64`
  -c:3: error: select: target chapter has no assembly; `target x86-64` or `target rv64`
  target chapter: the abstract machine r0..r(K-1), K set by --regs; conventions split, caller-saved, callee-saved
  [1]

  $ minicc -c 'target x86-64; asm; select; load ../../share/minicc/examples/gcd.ir; asm lcm; asm --fast; select a b'
  target x86-64: asm and select emit for 13 allocatable registers (rsi ... r15)
  -c:2: error: asm: no function loaded (try: load FILE)
  -c:3: error: select: no function loaded (try: load FILE)
  loaded ../../share/minicc/examples/gcd.ir: 1 function
  gcd(i32 a, i32 b): mutable form, 6 blocks
  -c:5: error: asm: no function 'lcm' in ../../share/minicc/examples/gcd.ir (available: gcd)
  -c:6: error: asm: unknown option '--fast' (see: help asm)
  -c:7: error: select: unexpected argument 'b' (see: help select)
  [1]

On x86-64 a tiny function (asm_max.ir): maximal munch fuses the compare
with the branch that is its only use (cmp + jge, no 0/1 value made) and
computes b + 3 into another register with one lea (three-address, the 3 its
displacement): eax, since the value is returned right after (the peephole,
no move); the return from block big repeats the short epilogue instead of
jumping to it. `select` names each tile, its cost and why; `--brief`
leaves the reasons out.

  $ minicc -c 'load asm_max.ir; target x86-64; select --brief' | grep -E '^#|=>'
  # select: x86-64, improved allocator, from ssa: 6 tiles cover 5 IR instructions with 14 instructions
  # allocation of max3: 3 of 13 registers used, no value in a slot
      prologue  => prologue [cost 7]
      c = lt a, b; branch c, big, small  => cmp + jcc (fused) [cost 2]
      r = add b, 3  => lea reg, [reg + imm] [cost 1]
      return r  => return (computed in eax, epilogue in place) [cost 2]
      return a  => return [cost 0]
      epilogue  => epilogue [cost 2]

  $ minicc -c 'load asm_max.ir; target x86-64; select' | grep -A1 'cmp + jcc'
      c = lt a, b; branch c, big, small  => cmp + jcc (fused) [cost 2]
        why: the compare's only use is this branch (dead after it): no 0/1 value is made, the flags drive the jump

`asm` prints the GNU assembler text with real register names, each
instruction commented with the IR it comes from.

  $ minicc -c 'load asm_max.ir; target x86-64; asm' | grep -E '^    (cmp|jge|add|lea |mov eax)' | grep -v prologue
      cmp eax, edi                         # c = lt a, b; branch c, big, small
      jge .Lf0_b2                          # c = lt a, b; branch c, big, small
      lea eax, [rdi + 3]                   # r = add b, 3

`asm --run` assembles, links and runs it with the arguments, as `native`
runs the C backend's code.

  $ minicc -c 'load asm_max.ir; target x86-64; args 4 9; asm --run; args 9 4; asm --run'
  loaded asm_max.ir: 1 function
  max3(i32 a, i32 b): SSA form, 3 blocks
  target x86-64: asm and select emit for 13 allocatable registers (rsi ... r15)
  args: 4 9
  # asm: x86-64, improved allocator, from ssa
  return 12
  args: 9 4
  # asm: x86-64, improved allocator, from ssa
  return 9

The stage is not one the interpreter steps: `set stage asm` says what runs it.

  $ minicc -c 'set stage asm'
  -c:1: error: set stage: asm is not stepped (it runs as a process on the target): `asm --run` runs it, `check` compares it with the other stages
  [1]

`select --block B` shows one block's tiles; an unknown block names the
blocks there are.

  $ minicc -c 'load asm_max.ir; target x86-64; select --brief --block big' | grep '=>'
      r = add b, 3  => lea reg, [reg + imm] [cost 1]
      return r  => return (computed in eax, epilogue in place) [cost 2]

  $ minicc -c 'load asm_max.ir; target x86-64; select --block nope; select --block'
  loaded asm_max.ir: 1 function
  max3(i32 a, i32 b): SSA form, 3 blocks
  target x86-64: asm and select emit for 13 allocatable registers (rsi ... r15)
  -c:3: error: select: no block 'nope' in the allocated max3 (blocks: entry, big, small)
  -c:4: error: select: --block needs a block name
  [1]

The same function on rv64 (24 allocatable registers): a compare and its
branch are one instruction (bge compares two registers), and addiw takes
the 3 and writes another register (a0, where the return wants it), so both
tiles cost 1. It runs under
qemu-riscv64. A session's check gets an rv64 row with target rv64.

  $ minicc -c 'load asm_max.ir; target rv64; select --brief' | grep -E '^#|=>'
  # select: rv64, improved allocator, from ssa: 6 tiles cover 5 IR instructions with 16 instructions
  # allocation of max3: 3 of 24 registers used, no value in a slot
      prologue  => prologue [cost 7]
      c = lt a, b; branch c, big, small  => cmp + branch (fused) [cost 1]
      r = add b, 3  => alu reg, imm [cost 1]
      return r  => return (computed in a0, epilogue in place) [cost 3]
      return a  => return [cost 1]
      epilogue  => epilogue [cost 3]

  $ minicc -c 'load asm_max.ir; target rv64; asm' | grep -E '^    (bge|addiw) '
      bge t2, t1, .Lf0_b2          # c = lt a, b; branch c, big, small
      addiw a0, t1, 3              # r = add b, 3

  $ minicc -c 'load asm_max.ir; target rv64; args 4 9; asm --run; check' | grep -E '^(# asm|return|asm|agree)'
  # asm: rv64, improved allocator, from ssa (under qemu)
  return 12
  asm x86-64  return 12
  asm rv64    return 12
  agree
