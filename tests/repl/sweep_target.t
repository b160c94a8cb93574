`sweep target` at the prompt: the table of `minicc sweep --target`, for the
target the session has chosen (`target x86-64` or `target rv64`): the four
allocators, or those named, with that target's registers and convention.
munch fits x86-64's 13 registers (it spilled two values on the 10 left when
rax, rcx and rdx were reserved) as it fits rv64's 24:

  $ minicc -c 'load munch.ir; args 7; target x86-64; sweep target improved; target rv64; sweep target improved'
  loaded munch.ir: 1 function
  munch(i32 n): SSA form, 4 blocks
  args: 7
  target x86-64: asm and select emit for 13 allocatable registers (rsi ... r15)
  # target x86-64, on the teaching machine: x86-64 with K=13: caller-saved rsi rdi r8 r9 r10 rax rcx rdx, callee-saved rbx r12 r13 r14 r15; arguments and result in the ABI's registers (rdi rsi rdx rcx r8 r9, rax), moved at each call and return
  sweep munch (from ssa): stage input gives return 630
     K  allocator  slots  spill_reads spill_writes      traffic instructions     copies  result
    13  improved       0            0            0            0           24          0  agree
  1 run agrees with stage input
  target rv64: asm and select emit for 24 allocatable registers (t0 ... s11)
  # target rv64, on the teaching machine: rv64 with K=24: caller-saved t0 t1 t2 t3 t4 a0 a1 a2 a3 a4 a5 a6 a7, callee-saved s1 s2 s3 s4 s5 s6 s7 s8 s9 s10 s11; arguments and result in the target's ABI registers, outside the allocated ones
  sweep munch (from ssa): stage input gives return 630
     K  allocator  slots  spill_reads spill_writes      traffic instructions     copies  result
    24  improved       0            0            0            0           24          0  agree
  1 run agrees with stage input

Without a real target, or with vary, it says why and the session goes on:

  $ minicc -c 'load munch.ir; args 7; sweep target; target x86-64; sweep target all vary coalesce; sweep target linear,ssa' 2>&1 | grep -v '^  *[0-9]\|^#\|^   K'
  loaded munch.ir: 1 function
  munch(i32 n): SSA form, 4 blocks
  args: 7
  -c:3: error: sweep target: the target is chapter; choose a real one first (target x86-64 or target rv64)
  target x86-64: asm and select emit for 13 allocatable registers (rsi ... r15)
  -c:5: error: sweep target: the target fixes the convention; vary is not for it
  sweep munch (from ssa): stage input gives return 630
  all 2 runs agree with stage input
