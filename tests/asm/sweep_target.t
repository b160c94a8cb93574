`sweep --target T` runs the four allocators on a real target's register file
(K = 13 on x86-64, 24 on rv64) under its convention, on the teaching machine,
and counts their traffic: the register pressure of one function on the two
targets. spill12 keeps fourteen values live around its loop, more than
x86-64's 13 registers, so every allocator spills there; munch, which
spilled when rax, rcx and rdx were reserved (10 registers), fits now, as
it fits rv64's 24:

  $ minicc sweep spill12.ir --target x86-64 -- 3
  # target x86-64, on the teaching machine: x86-64 with K=13: caller-saved rsi rdi r8 r9 r10 rax rcx rdx, callee-saved rbx r12 r13 r14 r15; arguments and result in the ABI's registers (rdi rsi rdx rcx r8 r9, rax), moved at each call and return
  sweep spill12 (-O1): stage input gives return 624
     K  allocator  slots  spill_reads spill_writes      traffic instructions     copies  result
    13  baseline       7           24           21           45          158        104  agree
    13  improved       2           11            8           19           70         16  agree
    13  linear        14           95           53          148          106         52  agree
    13  ssa           12           41           38           79          103         49  agree
  all 4 runs agree with stage input
  $ minicc sweep munch.ir --target x86-64 -- 7
  # target x86-64, on the teaching machine: x86-64 with K=13: caller-saved rsi rdi r8 r9 r10 rax rcx rdx, callee-saved rbx r12 r13 r14 r15; arguments and result in the ABI's registers (rdi rsi rdx rcx r8 r9, rax), moved at each call and return
  sweep munch (-O1): stage input gives return 630
     K  allocator  slots  spill_reads spill_writes      traffic instructions     copies  result
    13  baseline       0            0            0            0           24          0  agree
    13  improved       0            0            0            0           24          0  agree
    13  linear         0            0            0            0           24          0  agree
    13  ssa            0            0            0            0           24          0  agree
  all 4 runs agree with stage input
  $ minicc sweep munch.ir --target rv64 --allocators improved,ssa -- 7
  # target rv64, on the teaching machine: rv64 with K=24: caller-saved t0 t1 t2 t3 t4 a0 a1 a2 a3 a4 a5 a6 a7, callee-saved s1 s2 s3 s4 s5 s6 s7 s8 s9 s10 s11; arguments and result in the target's ABI registers, outside the allocated ones
  sweep munch (-O1): stage input gives return 630
     K  allocator  slots  spill_reads spill_writes      traffic instructions     copies  result
    24  improved       0            0            0            0           24          0  agree
    24  ssa            0            0            0            0           24          0  agree
  all 2 runs agree with stage input

With calls, the convention's saves and restores are counted apart from the
spills: total keeps n, i and s live across the call to sq in caller-saved
registers, so each of the five calls saves and restores three values:

  $ minicc sweep sumsq_calls.ir --target x86-64 --allocators improved -- 5
  # target x86-64, on the teaching machine: x86-64 with K=13: caller-saved rsi rdi r8 r9 r10 rax rcx rdx, callee-saved rbx r12 r13 r14 r15; arguments and result in the ABI's registers (rdi rsi rdx rcx r8 r9, rax), moved at each call and return
  sweep main (-O1): stage input gives return 30
  # convention x86-64: saves and restores are its traffic (apart from spills)
     K  allocator  slots  spill_reads spill_writes      traffic instructions     copies     saves restores  result
    13  improved       0            0            0            0           29          2        15       15  agree
  1 run agrees with stage input

Mistakes:

  $ minicc sweep munch.ir --target rv64 --regs 4 -- 7
  minicc sweep: error: --target rv64 fixes the registers (K = 24) and the convention: drop --regs
  [2]
  $ minicc sweep munch.ir --target x86-64 --convention callee-saved -- 7
  minicc sweep: error: --target x86-64 fixes the registers (K = 13) and the convention: drop --convention
  [2]
  $ minicc sweep munch.ir --target rv64 --vary coalesce -- 7
  minicc sweep: error: choose one of --target and --vary
  [2]
  $ minicc sweep munch.ir --target chapter -- 7
  minicc sweep: error: unknown target 'chapter' (assembly targets: x86-64, rv64; all targets: chapter, x86-64, rv64)
  [2]
