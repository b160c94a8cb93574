The minicc> prompt in batch mode: stepping through swap.ir, whose loop swaps
a and b through two phis. With n = 3 the loop runs three times, so a and b
trade places three times: a = 2, b = 1 at the exit, and 10*a + b = 21.

Each `step` runs one whole block. Entering a block with phis shows the edge's
assignment as one simultaneous table: every phi reads its operand first (the
old values), then all of them are written.

  $ minicc -c 'load ../../share/minicc/examples/swap.ir; args 3; step; step; step; step'
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  args: 3
  [1] entry
    i0 = copy 0           i0 = 0
    jump head             -> head
  [2] head <- entry
    edge head <- entry: (a, b, i) := (1, 2, i0)   [simultaneous]
      a  reads 1  = 1    - -> 1
      b  reads 2  = 2    - -> 2
      i  reads i0 = 0    - -> 0
    c = lt i, n           c = 1
    branch c, body, exit  c = 1 -> body
  [3] body <- head
    i1 = add i, 1         i1 = 1
    jump head             -> head
  [4] head <- body
    edge head <- body: (a, b, i) := (b, a, i1)   [simultaneous]
      a  reads b  = 2    1 -> 2
      b  reads a  = 1    2 -> 1
      i  reads i1 = 1    0 -> 1
    c = lt i, n           c = 1
    branch c, body, exit  c = 1 -> body

`stepi` runs one instruction at a time (entering a block with its phis counts
as one); `list` shows where the interpreter stands with `=>`.

  $ minicc -c 'load ../../share/minicc/examples/swap.ir; args 3; stepi 3; list head; stepi 2; where; print a b i c'
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  args: 3
  [1] entry
    i0 = copy 0           i0 = 0
    jump head             -> head
  =>  head:
          a = phi [entry: 1], [body: b]
          b = phi [entry: 2], [body: a]
          i = phi [entry: i0], [body: i1]
          c = lt i, n
          branch c, body, exit
  [2] head <- entry
    edge head <- entry: (a, b, i) := (1, 2, i0)   [simultaneous]
      a  reads 1  = 1    - -> 1
      b  reads 2  = 2    - -> 2
      i  reads i0 = 0    - -> 0
    c = lt i, n           c = 1
  in head (step 2), next: branch c, body, exit
  a = 1
  b = 2
  i = 0
  c = 1

Breakpoints stop before the block is entered; `back` replays (from the nearest checkpoint)
and stops after N fewer blocks; `values` shows every assigned value.

  $ minicc <<'EOF'
  > load ../../share/minicc/examples/swap.ir
  > args 3
  > break exit
  > run
  > values
  > back 2
  > step
  > continue
  > EOF
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  args: 3
  breakpoint at exit
  breakpoint: exit
  after 8 blocks: about to enter exit from head
  n  = 3
  i0 = 0
  a  = 2
  b  = 1
  i  = 3
  i1 = 3
  c  = 0
  after 6 blocks: about to enter body from head
  [7] body <- head
    i1 = add i, 1         i1 = 3
    jump head             -> head
  breakpoint: exit
  after 8 blocks: about to enter exit from head

`set phi-mode sequential` assigns the phis one at a time: the classic swap
bug. b reads the a that was just overwritten, both end up 2, and the function
returns 22 instead of 21.

  $ minicc <<'EOF'
  > load ../../share/minicc/examples/swap.ir
  > set phi-mode sequential
  > args 3
  > step 4
  > run
  > set phi-mode parallel
  > run
  > EOF
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  phi-mode sequential: phis assigned one at a time (the classic bug, for teaching)
  args: 3
  [1] entry
    i0 = copy 0           i0 = 0
    jump head             -> head
  [2] head <- entry
    edge head <- entry: a := 1; b := 2; i := i0   [sequential: one at a time]
      a  reads 1  = 1    - -> 1
      b  reads 2  = 2    - -> 2
      i  reads i0 = 0    - -> 0
    c = lt i, n           c = 1
    branch c, body, exit  c = 1 -> body
  [3] body <- head
    i1 = add i, 1         i1 = 1
    jump head             -> head
  [4] head <- body
    edge head <- body: a := b; b := a; i := i1   [sequential: one at a time]
      a  reads b  = 2    1 -> 2
      b  reads a  = 2    2 -> 2   <- a was already overwritten: its old value 1 is lost
      i  reads i1 = 1    0 -> 1
    c = lt i, n           c = 1
    branch c, body, exit  c = 1 -> body
  return 22
  phi-mode parallel
  return 21

Mutable form: the same name is assigned again, so results show what it held
(fact(3) = 6; the parameter n counts down).

  $ minicc -c 'load ../ir/fact_mutable.ir; args 3; step 3; run'
  loaded ../ir/fact_mutable.ir: 1 function
  fact(i32 n): mutable form, 4 blocks
  args: 3
  [1] entry
    r = copy 1            r = 1
    jump head             -> head
  [2] head <- entry
    c = lt 0, n           c = 1
    branch c, body, exit  c = 1 -> body
  [3] body <- head
    r = mul r, n          r = 3   (was 1)
    n = sub n, 1          n = 2   (was 3)
    jump head             -> head
  return 6

Buffers: loads and stores show the element they touch; a trap ends the run
and shows the buffers as they were left.

  $ minicc -c 'load ../ir/sum.ir; args [3,-1,4,1,5] 2; step 3; run; args [3,-1,4,1,5] 6; run; print b'
  loaded ../ir/sum.ir: 1 function
  sum(buf b, i32 n): SSA form, 4 blocks
  args: [3, -1, 4, 1, 5] 2
  [1] entry
    jump head             -> head
  [2] head <- entry
    edge head <- entry: (i, s) := (0, 0)   [simultaneous]
      i  reads 0 = 0    - -> 0
      s  reads 0 = 0    - -> 0
    c = lt i, n           c = 1
    branch c, body, exit  c = 1 -> body
  [3] body <- head
    x = load b, i         x = 3   (b[0])
    s1 = add s, x         s1 = 3
    i1 = add i, 1         i1 = 1
    jump head             -> head
  return 2
  b = [3, -1, 4, 1, 5]
  args: [3, -1, 4, 1, 5] 6
  trap: buffer index 5 outside [0,5)
  b = [3, -1, 4, 1, 5]
  b = [3, -1, 4, 1, 5]

A long `step N` shows only the last 20 blocks (and says how many it hid); a
loop that never ends runs into the step budget.

  $ minicc -c 'load ../../lessons/programs/spin.ir; args 1; step 30' | head -6
  loaded ../../lessons/programs/spin.ir: 1 function
  spin(i32 n): SSA form, 3 blocks
  args: 1
  (10 earlier blocks not shown)
  [11] loop <- loop
    c = lt 0, n           c = 1
  $ minicc -c 'load ../../lessons/programs/spin.ir; args 1; set max-steps 50; step 1000000000' | tail -5
  note: the step budget is 50 block entries; raise it with 'set max-steps N'
  [50] loop <- loop
    c = lt 0, n           c = 1
    branch c, loop, done  c = 1 -> loop
    trap: execution step limit exceeded
  trap: execution step limit exceeded

Switching the phi mode stops a paused run (the interpreter's mode is fixed
when it starts), and says so. Switching the stage carries the run to the
new stage's function after as many block entries when the stages
correspond there (both about to enter a block of the same name, or both
ended); from inside a block it goes to the start of that block (the
stages' instructions differ). Otherwise the run stops and `set stage` says
how the stages differ (here `opt` merged sieve's blocks).

  $ minicc -c 'load ../../share/minicc/examples/swap.ir; args 1; step; set phi-mode sequential; where; step; set stage ssa'
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  args: 1
  [1] entry
    i0 = copy 0           i0 = 0
    jump head             -> head
  phi-mode sequential: phis assigned one at a time (the classic bug, for teaching)
  (the paused run was stopped: the mode applies from the start)
  not running (start begins, run runs to the end)
  [1] entry
    i0 = copy 0           i0 = 0
    jump head             -> head
  stage ssa: start, step, run and list use the ssa function
  (the run goes on in ssa after as many blocks)
  after 1 block: about to enter head from entry
  $ minicc -c 'load ../../share/minicc/examples/swap.ir; args 3; step 4; stepi 2; set stage opt; print a b i; set stage destroyed; run; set stage input; where' | grep -v '^    '
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  args: 3
  [1] entry
    i0 = copy 0           i0 = 0
    jump head             -> head
  [2] head <- entry
    edge head <- entry: (a, b, i) := (1, 2, i0)   [simultaneous]
    c = lt i, n           c = 1
    branch c, body, exit  c = 1 -> body
  [3] body <- head
    i1 = add i, 1         i1 = 1
    jump head             -> head
  [4] head <- body
    edge head <- body: (a, b, i) := (b, a, i1)   [simultaneous]
    c = lt i, n           c = 1
    branch c, body, exit  c = 1 -> body
  [5] body <- head
    i1 = add i, 1         i1 = 2
  stage opt: start, step, run and list use the opt function
  (the run goes on in opt after as many blocks, at the start of its block: the stages' instructions differ)
  after 4 blocks: about to enter body from head
  a = 2
  b = 1
  i = 1
  stage destroyed: start, step, run and list use the destroyed function
  (the run goes on in destroyed after as many blocks)
  after 4 blocks: about to enter body from head
  return 21
  stage input: start, step, run and list use the input function
  (the run goes on in input after as many blocks)
  finished after 9 blocks: return 21
  finished after 9 blocks: return 21
  $ minicc -c 'load ../../share/minicc/examples/sieve.c; args [0,0,0,0,0] 5; step 3; set stage opt; where'
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
  at line 14: for (int i = 0; i < n; i++) p[i] = i >= 2;
  stage opt: start, step, run and list use the opt function
  (the paused run was stopped: after 3 blocks opt is about to enter for.L14, input was about to enter step.L14 (their blocks differ))
  not running (start begins, run runs to the end)
