MiniC: a file whose name ends in .c is C, lowered to IR in mutable form.
`print` shows the lowering with the C line of each instruction.

  $ minicc run ../../share/minicc/examples/gcd.c -- 84 36
  return 12
  $ minicc print ../../share/minicc/examples/gcd.c
  func gcd(i32 a, i32 b) {
  entry:
      jump while.L14                # line 14
  while.L14:
      ne.L14 = ne b, 0              # line 14
      branch ne.L14, body.L14, end.L14  # line 14
  body.L14:
      t = rem a, b                  # line 15
      a = copy b                    # line 16
      b = copy t                    # line 17
      jump while.L14                # line 14
  end.L14:
      return a                      # line 19
  }

`>` and `>=` are lt and le with the operands swapped, -x is `sub 0, x`,
!x is `eq x, 0`, ~x is `xor x, -1`; && || ?: are branches; a constant
condition is a jump, so `while (1)` needs no return after it and `if (0)`
leaves no code; -2147483648 is INT_MIN.

  $ minicc print ops.c
  func ops(i32 x, i32 y) {
  entry:
      neg.L3 = sub 0, x             # line 3
      compl.L3 = xor y, -1          # line 3
      r = add neg.L3, compl.L3      # line 3
      lt.L4 = lt y, x               # line 4
      branch lt.L4, and.L4, or.L4   # line 4
  and.L4:
      le.L4 = le 10, x              # line 4
      branch le.L4, or.L4, then.L4  # line 4
  or.L4:
      eq.L4 = eq y, 3               # line 4
      branch eq.L4, then.L4, end.L4  # line 4
  then.L4:
      r = add r, 100                # line 4
      jump end.L4                   # line 4
  end.L4:
      lt.L5 = lt x, y               # line 5
      branch lt.L5, then.L5, else.L5  # line 5
  then.L5:
      cond.L5 = copy x              # line 5
      jump join.L5                  # line 5
  else.L5:
      cond.L5 = copy y              # line 5
      jump join.L5                  # line 5
  join.L5:
      r = add r, cond.L5            # line 5
      return r                      # line 6
  }
  
  func shadow(i32 n) {
  entry:
      i = copy n                    # line 10
      i.L11 = copy 0                # line 11
      jump for.L11                  # line 11
  for.L11:
      lt.L11 = lt i.L11, 2          # line 11
      branch lt.L11, body.L11, end.L11  # line 11
  body.L11:
      n = add n, i.L11              # line 11
      jump step.L11                 # line 11
  step.L11:
      i.L11 = add i.L11, 1          # line 11
      jump for.L11                  # line 11
  end.L11:
      n.L13 = copy 7                # line 13
      i = add i, n.L13              # line 14
      mul.L16 = mul i, 1000         # line 16
      add.L16 = add mul.L16, n      # line 16
      return add.L16                # line 16
  }
  
  func forever(i32 n) {
  entry:
      jump while.L20                # line 20
  while.L20:
      jump body.L20                 # line 20
  body.L20:
      lt.L21 = lt 100, n            # line 21
      branch lt.L21, then.L21, end.L21  # line 21
  then.L21:
      return n                      # line 21
  end.L21:
      mul.L22 = mul n, 2            # line 22
      n = add mul.L22, 1            # line 22
      jump while.L20                # line 20
  }
  
  func dead(i32 n) {
  entry:
      jump end.L27                  # line 27
  end.L27:
      sub.L28 = sub n, -2147483648  # line 28
      return sub.L28                # line 28
  }
  $ minicc run ops.c -- 4 2
  return 95
  $ minicc run ops.c --func ops -- 12 3
  return 87
  $ minicc run ops.c --func shadow -- 5
  return 12006
  $ minicc run ops.c --func forever -- 3
  return 127
  $ minicc run ops.c --func dead -- 1
  return -2147483647
  $ minicc check ops.c --func ops -- -7 -7
  input       return 6
  ssa         return 6
  opt         return 6
  alloc K=1   return 6
  alloc K=2   return 6
  alloc K=4   return 6
  alloc K=16  return 6
  native      return 6
  asm x86-64  return 6
  asm rv64    return 6
  agree
  $ minicc check ops.c --func shadow -- 5
  input       return 12006
  ssa         return 12006
  opt         return 12006
  alloc K=1   return 12006
  alloc K=2   return 12006
  alloc K=4   return 12006
  alloc K=16  return 12006
  native      return 12006
  asm x86-64  return 12006
  asm rv64    return 12006
  agree

The C lines survive SSA construction, the optimizer and phi destruction.

  $ minicc print ../../share/minicc/examples/swap.c --stage destroyed
  func swap(i32 n) {
  entry:
      a.2 = copy 1                  # line 14
      b.2 = copy 2                  # line 14
      i.2 = copy 0                  # line 14
      jump for.L14                  # line 14
  for.L14:
      lt.L14 = lt i.2, n            # line 14
      branch lt.L14, body.L14, end.L14  # line 14
  body.L14:
      i.3 = add i.2, 1              # line 14
      i.2 = copy i.3                # line 14
      $cycle1 = copy a.2            # line 14
      a.2 = copy b.2                # line 14
      b.2 = copy $cycle1            # line 14
      jump for.L14                  # line 14
  end.L14:
      mul.L19 = mul a.2, 10         # line 19
      add.L19 = add mul.L19, b.2    # line 19
      return add.L19                # line 19
  }

Printed IR reads back as IR: the `# line` comments are comments.

  $ minicc print ../../share/minicc/examples/gcd.c > $CRAMTMP/gcd.ir
  $ minicc print $CRAMTMP/gcd.ir > $CRAMTMP/again.ir
  $ sed 's/ *# line [0-9]*$//' $CRAMTMP/gcd.ir | cmp - $CRAMTMP/again.ir && echo same
  same
  $ minicc run $CRAMTMP/gcd.ir -- 84 36
  return 12

--lang c|ir overrides the name; standard input is IR unless --lang c.

  $ printf 'int twice(int x) {\n  return x * 2;\n}\n' | minicc run - --lang c -- 21
  return 42
  $ printf 'int twice(int x) {\n  return x * 2;\n}\n' > $CRAMTMP/twice.txt
  $ minicc run $CRAMTMP/twice.txt --lang c -- 4
  return 8
  $ cd $CRAMTMP && minicc run twice.txt -- 4
  twice.txt:1:1: error: expected 'func', found 'int'
    int twice(int x) {
    ^
  [2]
  $ minicc parse ../../share/minicc/examples/gcd.c --lang ir
  ../../share/minicc/examples/gcd.c:1:1: error: invalid character '/' (comments start with '#')
    // gcd.c - Euclid's algorithm with the remainder operator %.
    ^
  [2]
  $ minicc run ../../share/minicc/examples/gcd.c --lang pascal -- 1 2
  minicc run: error: unknown language 'pascal' (c or ir)
  [2]

Every command that takes IR takes C.

  $ minicc emit-c ops.c --func dead | grep -c dead
  1
  $ minicc sweep ../../share/minicc/examples/swap.c -- 5
  sweep swap (-O1): stage input gives return 21
     K  allocator  slots  spill_reads spill_writes      traffic instructions     copies  result
     1  baseline      11           52           47           99           49         36  agree
     1  improved       4           29           19           48           36         23  agree
     2  baseline       9           45           40           85           49         36  agree
     2  improved       3           18           13           31           31         18  agree
     3  baseline       6           33           28           61           49         36  agree
     3  improved       2           12            7           19           31         18  agree
     4  baseline       3           16           16           32           49         36  agree
     4  improved       1            6            1            7           31         18  agree
     5  baseline       0            0            0            0           49         36  agree
     5  improved       0            0            0            0           31         18  agree
     6  baseline       0            0            0            0           49         36  agree
     6  improved       0            0            0            0           31         18  agree
     7  baseline       0            0            0            0           49         36  agree
     7  improved       0            0            0            0           31         18  agree
     8  baseline       0            0            0            0           49         36  agree
     8  improved       0            0            0            0           31         18  agree
     9  baseline       0            0            0            0           49         36  agree
     9  improved       0            0            0            0           31         18  agree
    10  baseline       0            0            0            0           49         36  agree
    10  improved       0            0            0            0           31         18  agree
    11  baseline       0            0            0            0           49         36  agree
    11  improved       0            0            0            0           31         18  agree
    12  baseline       0            0            0            0           49         36  agree
    12  improved       0            0            0            0           31         18  agree
    13  baseline       0            0            0            0           49         36  agree
    13  improved       0            0            0            0           31         18  agree
    14  baseline       0            0            0            0           49         36  agree
    14  improved       0            0            0            0           31         18  agree
    15  baseline       0            0            0            0           49         36  agree
    15  improved       0            0            0            0           31         18  agree
    16  baseline       0            0            0            0           49         36  agree
    16  improved       0            0            0            0           31         18  agree
  all 32 runs agree with stage input
  $ minicc run ../../share/minicc/examples/bubble.c --stage alloc --regs 2 -- '[3,1,2]' 3
  return 2
  a = [1, 2, 3]
  $ minicc run ../../share/minicc/examples/binsearch.c --stage native -- '[1,3,5]' 3 5
  return 2
  a = [1, 3, 5]

A zero divisor traps at every stage, as the IR's div does.

  $ printf 'int q(int a, int b) { return a / b + a %% b; }\n' > $CRAMTMP/q.c
  $ minicc check $CRAMTMP/q.c -- 7 0
  input       trap: division by zero
  ssa         trap: division by zero
  opt         trap: division by zero
  alloc K=1   trap: division by zero
  alloc K=2   trap: division by zero
  alloc K=4   trap: division by zero
  alloc K=16  trap: division by zero
  native      trap: division by zero
  asm x86-64  trap: division by zero
  asm rv64    trap: division by zero
  agree
  $ minicc check $CRAMTMP/q.c -- -2147483648 -1
  input       return -2147483648
  ssa         return -2147483648
  opt         return -2147483648
  alloc K=1   return -2147483648
  alloc K=2   return -2147483648
  alloc K=4   return -2147483648
  alloc K=16  return -2147483648
  native      return -2147483648
  asm x86-64  return -2147483648
  asm rv64    return -2147483648
  agree

The prompt: `list` shows the C source (=> the line about to run, * a
breakpoint), `list ir` the IR, `break LINE` stops at the first block of a
line and `step` says which line it reached.

  $ minicc -c 'load ../../share/minicc/examples/gcd.c; args 84 36; break 16; run; list; step; list ir; delete; continue'
  loaded ../../share/minicc/examples/gcd.c: 1 function
  gcd(i32 a, i32 b): mutable form, 4 blocks
  args: 84 36
  breakpoint at body.L14 (line 16)
  breakpoint: body.L14
  in body.L14 (step 3), next: a = copy b
       13  int gcd(int a, int b) {
       14      while (b != 0) {
    *  15          int t = a % b;
  =>   16          a = b;
       17          b = t;
       18      }
       19      return a;
       20  }
  [3] body.L14 (continued)
    a = copy b                        a = 36   (was 84)
    b = copy t                        b = 12   (was 36)
    jump while.L14                    -> while.L14
  at line 14: while (b != 0) {
      func gcd(i32 a, i32 b) {
      entry:
          jump while.L14
  =>  while.L14:
          ne.L14 = ne b, 0
          branch ne.L14, body.L14, end.L14
    * body.L14:
          t = rem a, b
          a = copy b
          b = copy t
          jump while.L14
      end.L14:
          return a
      }
  deleted 1 breakpoint
  return 12
  $ minicc -c 'load ../../share/minicc/examples/gcd.c; break 2; break 21'
  loaded ../../share/minicc/examples/gcd.c: 1 function
  gcd(i32 a, i32 b): mutable form, 4 blocks
  -c:2: error: break: no code of gcd on line 2
  -c:3: error: break: no code of gcd on line 21
  [1]
  $ minicc -c 'load ops.c --lang ir'
  ops.c:1:1: error: invalid character '/' (comments start with '#')
    // Every lowering rule of docs/minic.md §3 in one file.
    ^
  -c:1: error: 'ops.c' not loaded (1 error)
  [1]

A variable named like a word of the IR keeps its name behind a `$` in the
IR (MiniC names have none) and is shown by its C name in results;
temporaries are named after their operation and line.

  $ printf 'int f(int add, int buf[]) {\n  int load = add + buf[0];\n  int phi = load;\n  return phi;\n}\n' > $CRAMTMP/r.c
  $ minicc print $CRAMTMP/r.c
  func f(i32 $add, buf $buf) {
  entry:
      load.L2 = load $buf, 0        # line 2
      $load = add $add, load.L2     # line 2
      $phi = copy $load             # line 3
      return $phi                   # line 4
  }
  $ minicc run $CRAMTMP/r.c -- 2 '[5]'
  return 7
  buf = [5]

`load` takes --lang before or after FILE (under `make asan` this also checks
that the words are freed).

  $ minicc -c 'load --lang c ops.c; load ops.c x --lang c; load --lang; load ops.c --lang cobol'
  loaded ops.c: 4 functions
  ops(i32 x, i32 y): mutable form, 8 blocks
  -c:2: error: load: unexpected argument 'x' (see: help load)
  -c:3: error: load: --lang needs a value (c or ir)
  -c:4: error: load: unknown language 'cobol' (c or ir)
  [1]

`step line` runs to the next C line (gdb's `next`), one instruction at a
time; a loop on one line runs to its end. IR has no lines.

  $ minicc -c 'load ../../share/minicc/examples/gcd.c; args 84 36; step line; step line; step line'
  loaded ../../share/minicc/examples/gcd.c: 1 function
  gcd(i32 a, i32 b): mutable form, 4 blocks
  args: 84 36
  [1] entry
    jump while.L14                    -> while.L14
  [2] while.L14 <- entry
    ne.L14 = ne b, 0                  ne.L14 = 1
    branch ne.L14, body.L14, end.L14  ne.L14 = 1 -> body.L14
  at line 15: int t = a % b;
  [3] body.L14 <- while.L14
    t = rem a, b                      t = 12
  at line 16: a = b;
  [3] body.L14 (continued)
    a = copy b                        a = 36   (was 84)
  at line 17: b = t;
`reverse-step` (`rs`, gdb's) goes back to the first instruction of the C
line run before the position, `reverse-stepi` (`rsi`) one instruction;
at the start there is nothing to go back over, and IR has no lines.

  $ minicc -c 'load ../../share/minicc/examples/gcd.c; args 84 36; run; rs; rs; rs; rsi; rsi; where' | sed 1,3d
  return 12
  after 6 blocks: about to enter end.L14 from while.L14
  at line 19: return a;
  in body.L14 (step 5), next: jump while.L14
  at line 14: while (b != 0) {
  in body.L14 (step 5), next: b = copy t
  at line 17: b = t;
  in body.L14 (step 5), next: a = copy b
  at line 16: a = b;
  in body.L14 (step 5), next: t = rem a, b
  at line 15: int t = a % b;
  in body.L14 (step 5), next: t = rem a, b
  $ minicc -c 'load ../../share/minicc/examples/gcd.c; args 84 36; rs; start; rs; rsi'
  loaded ../../share/minicc/examples/gcd.c: 1 function
  gcd(i32 a, i32 b): mutable form, 4 blocks
  args: 84 36
  -c:3: error: reverse-step: the program is not running (try: start)
  started gcd (input) with args 84 36
  at the start: about to enter entry
  -c:5: error: reverse-step: at the start, nothing ran before
  -c:6: error: reverse-stepi: at the start, nothing ran before
  [1]
  $ minicc -c 'load ../../share/minicc/examples/swap.ir; args 3; start; rs'
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  args: 3
  started swap (input) with args 3
  at the start: about to enter entry
  -c:4: error: reverse-step: stepping by line needs a MiniC (C) file; ../../share/minicc/examples/swap.ir is IR (reverse-stepi goes back one instruction, back one block)
  [1]
  $ minicc -c 'load ../../share/minicc/examples/sieve.c; args [0,0,0,0,0] 5; step line; step line; print p'
  loaded ../../share/minicc/examples/sieve.c: 1 function
  sieve(buf p, i32 n): mutable form, 19 blocks
  args: [0, 0, 0, 0, 0] 5
  [1] entry
    i = copy 0                          i = 0
    jump for.L14                        -> for.L14
  [2] for.L14 <- entry
    lt.L14 = lt i, n                    lt.L14 = 1
    branch lt.L14, body.L14, end.L14    lt.L14 = 1 -> body.L14
  [3] body.L14 <- for.L14
    le.L14 = le 2, i                    le.L14 = 0
    store p, i, le.L14                  p[0] = 0
    jump step.L14                       -> step.L14
  [4] step.L14 <- body.L14
    i = add i, 1                        i = 1   (was 0)
    jump for.L14                        -> for.L14
  [5] for.L14 <- step.L14
    lt.L14 = lt i, n                    lt.L14 = 1   (was 1)
    branch lt.L14, body.L14, end.L14    lt.L14 = 1 -> body.L14
  [6] body.L14 <- for.L14
    le.L14 = le 2, i                    le.L14 = 0   (was 0)
    store p, i, le.L14                  p[1] = 0
    jump step.L14                       -> step.L14
  [7] step.L14 <- body.L14
    i = add i, 1                        i = 2   (was 1)
    jump for.L14                        -> for.L14
  [8] for.L14 <- step.L14
    lt.L14 = lt i, n                    lt.L14 = 1   (was 1)
    branch lt.L14, body.L14, end.L14    lt.L14 = 1 -> body.L14
  [9] body.L14 <- for.L14
    le.L14 = le 2, i                    le.L14 = 1   (was 0)
    store p, i, le.L14                  p[2] = 1
    jump step.L14                       -> step.L14
  [10] step.L14 <- body.L14
    i = add i, 1                        i = 3   (was 2)
    jump for.L14                        -> for.L14
  [11] for.L14 <- step.L14
    lt.L14 = lt i, n                    lt.L14 = 1   (was 1)
    branch lt.L14, body.L14, end.L14    lt.L14 = 1 -> body.L14
  [12] body.L14 <- for.L14
    le.L14 = le 2, i                    le.L14 = 1   (was 1)
    store p, i, le.L14                  p[3] = 1
    jump step.L14                       -> step.L14
  [13] step.L14 <- body.L14
    i = add i, 1                        i = 4   (was 3)
    jump for.L14                        -> for.L14
  [14] for.L14 <- step.L14
    lt.L14 = lt i, n                    lt.L14 = 1   (was 1)
    branch lt.L14, body.L14, end.L14    lt.L14 = 1 -> body.L14
  [15] body.L14 <- for.L14
    le.L14 = le 2, i                    le.L14 = 1   (was 1)
    store p, i, le.L14                  p[4] = 1
    jump step.L14                       -> step.L14
  [16] step.L14 <- body.L14
    i = add i, 1                        i = 5   (was 4)
    jump for.L14                        -> for.L14
  [17] for.L14 <- step.L14
    lt.L14 = lt i, n                    lt.L14 = 0   (was 1)
    branch lt.L14, body.L14, end.L14    lt.L14 = 0 -> end.L14
  at line 15: for (int i = 2; i * i <= n - 1; i++)
  [18] end.L14 <- for.L14
    i.L15 = copy 2                      i.L15 = 2
    jump for.L15                        -> for.L15
  [19] for.L15 <- end.L14
    mul.L15 = mul i.L15, i.L15          mul.L15 = 4
    sub.L15 = sub n, 1                  sub.L15 = 4
    le.L15 = le mul.L15, sub.L15        le.L15 = 1
    branch le.L15, body.L15, end.L15    le.L15 = 1 -> body.L15
  at line 16: if (p[i])
  p = [0, 0, 1, 1, 1]
  $ minicc -c 'load ../../share/minicc/examples/swap.ir; step line'
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  -c:2: error: step: stepping by line needs a MiniC (C) file; ../../share/minicc/examples/swap.ir is IR
  [1]
