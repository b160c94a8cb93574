x86-64's fixed registers as constraints the allocator sees (docs/targets.md,
Fixed registers): rax, rcx and rdx are allocatable; idiv writes edx:eax and
a variable shift takes its count in cl, so values live across those
instructions, idiv's divisor and a shift's operand and result are kept out
of them, and the operands and results that can sit in them prefer them.

The target says so:

  $ minicc -c 'target x86-64; target' | sed -n '/fixed registers/,$p'
    fixed registers (constraints the allocator sees, not reserved):
      idiv  a value live across it, and the divisor, not in rax rdx (cdq, edx:eax);
            the dividend and the quotient prefer rax, the remainder rdx
      shift by a variable count: a value live across it (but the count), the
            shifted operand and the result not in rcx; the count prefers rcx (cl)
      a call's result and a returned value prefer rax (eax), a value read only
            as a call's argument that argument's register

The trace names each constraint with its reason and source position, and
where each preferred value ended:

  $ minicc print idivshift.ir --stage allocated --target x86-64 --trace-alloc | grep -E 'interferes|prefers|preference'
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

interference --why (print --why) says the same for the two values asked about:

  $ minicc print idivshift.ir --stage allocated --target x86-64 --why q,c
  q and c interfere: q is defined at entry: q = div a, b
    while c is live after it (they need different locations)
    q -> rsi, c -> rcx (improved allocator, K = 13)
    q interferes with rax rdx: live across the idiv at 8:5 (idiv writes edx:eax)
    q prefers rax: idiv's quotient (eax) at 7:5 (x86-64's fixed registers); it is in rsi
    c interferes with rax rdx: live across the idiv at 7:5 (idiv writes edx:eax)
    c prefers rcx: the variable shift's count (cl) at 10:5 (x86-64's fixed registers); it got it

So the idiv needs no move of its divisor (edi) and the remainder arrives
where r lives (edx); the shift needs no move of its count (c is in ecx):

  $ minicc emit-asm --no-comments idivshift.ir | grep -E 'idiv|mov e.., e[ad]x|shl'
      mov ecx, edx
      idiv edi
      mov esi, eax
      idiv edi
      shl esi, cl
  $ minicc check idivshift.ir -- 100 7 3 | tail -1
  agree

The constraints are the x86-64 target's only: the chapter's machine and
rv64 (no fixed registers) see none:

  $ minicc print idivshift.ir --stage allocated --trace-alloc | grep 'interferes\|prefers' | wc -l
  0
  $ minicc print idivshift.ir --stage allocated --target rv64 --trace-alloc | grep 'interferes\|prefers' | wc -l
  0

With calls=interfere the call constraints come on top, in the same style:

  $ minicc print sumsq_calls.ir --stage allocated --target x86-64 --alloc-opt calls=interfere --func total --trace-alloc | grep -E 'i interferes|i prefers|q prefers'
    i interferes with rsi rdi r8 r9 r10 rax rcx rdx: live across the call to sq at 18:5 (caller-saved under x86-64)
    q prefers rax: the result of the call to sq at 18:5 arrives there

Every fixed register holds values in fixedregs.ir (fourteen live across each
idiv and shift, some spilled); every allocator, -O0 and -O1, at the edges:
INT_MIN / -1 and INT_MIN % -1, counts 31, 32 (0) and -1 (31), a zero
divisor (trap):

  $ minicc print fixedregs.ir --stage allocated --target x86-64 | grep -cE '> (rax|rcx|rdx)$'
  10
  $ for al in baseline improved linear ssa; do for o in -O0 -O1; do for args in '-2147483648 -1 7 31' '-2147483648 -1 -2147483648 0' '100 7 -13 -1' '17 0 5 3' '2147483647 -2147483648 1 30' '0 1 -1 33'; do minicc check $o --allocator $al fixedregs.ir -- $args | tail -1; done; done; done | sort | uniq -c
       48 agree
  $ minicc check fixedregs.ir -- 17 0 5 3 | grep 'asm x86-64'
  asm x86-64  trap: division by zero

The same under calls=interfere:

  $ for al in baseline improved linear ssa; do minicc check --allocator $al --alloc-opt calls=interfere fixedregs.ir -- -2147483648 -1 7 31 | tail -1; done
  agree
  agree
  agree
  agree

Division by constants goes through r11 alone (magic multiplies with both
imul forms, shifts with a bias), whatever rax, rcx and rdx hold: of those,
only the prologue's depth check (rax) and the return (eax) appear:

  $ for n in -2147483648 -2147483647 -1 0 1 7 -7 100 2147483647 123456789 -987654321; do minicc check divmagic.ir -- $n | tail -1; done | sort | uniq -c
       11 agree
  $ minicc emit-asm --no-comments divmagic.ir | grep -cE '\b(eax|ecx|edx|rax|rcx|rdx)\b'
  2

The ABI's argument registers are preferences too on x86-64 (under
calls=save, the default, as under calls=interfere): a value read only as
an argument of one call prefers the register that argument goes in, so fib
computes n - 1 straight into edi (before: `lea esi, [r8 - 1]; mov edi, esi`):

  $ minicc print fib.ir --stage allocated --target x86-64 --trace-alloc | grep -E '^  (a|b) prefers|preference: (a|b) '
    a prefers rdi: argument 0 of the call to fib at 13:5 goes there
    b prefers rdi: argument 0 of the call to fib at 15:5 goes there
    preference: a got rdi (no move)
    preference: b got rdi (no move)
  $ minicc print fib.ir --stage allocated --target x86-64 --why a,n | grep prefers
    a prefers rdi: argument 0 of the call to fib at 13:5 goes there (x86-64's ABI registers); it got it
    n prefers rax: the returned value goes there (x86-64's ABI registers); it got it
  $ minicc emit-asm --no-comments fib.ir | grep -B1 -A2 'lea edi'
  .Lf0_b2:
      lea edi, [rax - 1]
      mov dword ptr [rbp - 16], eax
      mov rax, qword ptr [rbp - 8]
  --
      mov eax, dword ptr [rbp - 16]
      lea edi, [rax - 2]
      mov dword ptr [rbp - 16], esi
      mov rax, qword ptr [rbp - 8]
  $ minicc check fib.ir -- 10 | tail -1
  agree
  $ minicc check fib.ir -- 20 | tail -1
  agree
