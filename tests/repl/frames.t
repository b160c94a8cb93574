Stepping a program with calls as gdb does (docs/shell.md, "Calls"):
`step` enters a call and stops before the callee's entry block, a return
hands back to the caller just after the call, `backtrace` lists the frames
(innermost first) and `frame N` chooses whose values `print` reads. A
buffer passed down by reference reads the same in every frame (`b` in set
is `cell` in main):

  $ minicc <<'X'
  > load frames.ir
  > args 3
  > start
  > step
  > step
  > backtrace
  > stepi
  > stepi
  > bt
  > frame 2
  > print cell n
  > values
  > print b
  > frame 0
  > print b x
  > step
  > print cell
  > X
  loaded frames.ir: 6 functions
  main(i32 n): SSA form, 1 block
  args: 3
  started main (input) with args 3
  at the start: about to enter entry
  [1] entry
    cell = buffer 2     cell = 2 zeros
  entering fill, depth 2
  #0 fill(b = [0, 0], n = 3) at the start: about to enter entry
  [1] entry
  entering set, depth 3
  #0 set(b = [0, 0], x = 3) at the start: about to enter entry
  * #0 set(b = [0, 0], x = 3) at the start: about to enter entry
    #1 fill(b = [0, 0], n = 3) in entry, at: call set(b, n)
    #2 main(n = 3) in entry, at: call fill(cell, n)
  [1] entry
  [1] entry (continued)
    store b, 0, x  b[0] = 3
  * #0 set(b = [3, 0], x = 3) in entry, next: return x
    #1 fill(b = [3, 0], n = 3) in entry, at: call set(b, n)
    #2 main(n = 3) in entry, at: call fill(cell, n)
  #2 main(n = 3) in entry, at: call fill(cell, n)
  cell = [3, 0]
  n = 3
  n    = 3
  cell = [3, 0]
  <stdin>:13: error: print: no value 'b' in main
  #0 set(b = [3, 0], x = 3) in entry, next: return x
  b = [3, 0]
  x = 3
  [1] entry (continued)
    return x       returns 3
  set returned 3 to fill, depth 2
  [1] entry (continued)
    call set(b, n)  returned 3 (dropped)
  <stdin>:17: error: print: no value 'cell' in fill
  [1]

`next` runs a call as one instruction, the way `step` did before calls
could be entered; `finish` runs the selected frame to its return and
prints the result where it went; in the outermost frame there is nothing
to return to, an error that changes nothing:

  $ minicc <<'X'
  > load frames.ir
  > args 4
  > start
  > next
  > where
  > start
  > step 2
  > step 5
  > bt
  > finish
  > bt
  > frame 1
  > finish
  > bt
  > finish
  > where
  > next 3
  > X
  loaded frames.ir: 6 functions
  main(i32 n): SSA form, 1 block
  args: 4
  started main (input) with args 4
  at the start: about to enter entry
  [1] entry
    cell = buffer 2     cell = 2 zeros
    call fill(cell, n)  returned 0 (dropped)
    f = call fact(n)    f = 24
    c = load cell, 0    c = 4   (cell[0])
    k = mul c, 100      k = 400
    r = add f, k        r = 424
    return r            returns 424
  return 424
  finished after 11 blocks: return 424
  started main (input) with args 4
  at the start: about to enter entry
  [1] entry
    cell = buffer 2     cell = 2 zeros
  entering fill, depth 2
  #0 fill(b = [0, 0], n = 4) at the start: about to enter entry
  [1] entry
  entering set, depth 3
  #0 set(b = [0, 0], x = 4) at the start: about to enter entry
  [1] entry
    store b, 0, x  b[0] = 4
    return x       returns 4
  set returned 4 to fill, depth 2
  [1] entry (continued)
    call set(b, n)  returned 4 (dropped)
  [1] entry (continued)
    return 0        returns 0
  fill returned 0 to main, depth 1
  [1] entry (continued)
    call fill(cell, n)  returned 0 (dropped)
  entering fact, depth 2
  #0 fact(n = 4) at the start: about to enter entry
  [1] entry
    z = le n, 1          z = 0
    branch z, base, rec  z = 0 -> rec
  [2] rec <- entry
    m = sub n, 1         m = 3
  entering fact, depth 3
  #0 fact(n = 3) at the start: about to enter entry
  * #0 fact(n = 3) at the start: about to enter entry
    #1 fact(n = 4) in rec, at: t = call fact(m)
    #2 main(n = 4) in entry, at: f = call fact(n)
  run till exit from #0 fact(n = 3) at the start: about to enter entry
  fact returned 6: t = 6
  #0 fact(n = 4) in rec, next: r = mul n, t
  * #0 fact(n = 4) in rec, next: r = mul n, t
    #1 main(n = 4) in entry, at: f = call fact(n)
  #1 main(n = 4) in entry, at: f = call fact(n)
  <stdin>:13: error: finish: not meaningful in the outermost frame (#1 main has no caller; try: continue)
    #0 fact(n = 4) in rec, next: r = mul n, t
  * #1 main(n = 4) in entry, at: f = call fact(n)
  <stdin>:15: error: finish: not meaningful in the outermost frame (#1 main has no caller; try: continue)
  #0 fact(n = 4) in rec, next: r = mul n, t
  [2] rec (continued)
    r = mul n, t         r = 24
    return r             returns 24
  fact returned 24 to main, depth 1
  [1] entry (continued)
    f = call fact(n)    f = 24
  [1] entry (continued)
    c = load cell, 0    c = 4   (cell[0])
    k = mul c, 100      k = 400
    r = add f, k        r = 424
    return r            returns 424
  return 424
  [1]

A breakpoint in a callee, `break FUNC:BLOCK`: `run` and `continue` step
into calls to reach it, it stops in every frame of FUNC, and `info
breakpoints` counts the hits. A plain BLOCK stays the loaded function's
(main here), even while a callee is stepped:

  $ minicc <<'X'
  > load frames.ir
  > args 4
  > break fact:base
  > run
  > bt
  > print n
  > break rec
  > up
  > print n t
  > down
  > down
  > continue
  > info breakpoints
  > X
  loaded frames.ir: 6 functions
  main(i32 n): SSA form, 1 block
  args: 4
  breakpoint at fact:base
  breakpoint: fact:base
  #0 fact(n = 1) about to enter base
  * #0 fact(n = 1) about to enter base
    #1 fact(n = 2) in rec, at: t = call fact(m)
    #2 fact(n = 3) in rec, at: t = call fact(m)
    #3 fact(n = 4) in rec, at: t = call fact(m)
    #4 main(n = 4) in entry, at: f = call fact(n)
  n = 1
  <stdin>:7: error: break: no block 'rec' in main (a block of fact: break fact:rec)
  #1 fact(n = 2) in rec, at: t = call fact(m)
  n = 2
  t is not assigned yet
  #0 fact(n = 1) about to enter base
  <stdin>:11: error: down: already in the innermost frame #0
  return 424
  Num  Type        What          Hits  Condition
  1    breakpoint  fact:base        1
  [1]

`back` across a call: in a callee it goes back within the callee, and
past the callee's start into the caller (to the boundary before the
call's block); stepping again enters the call again and the run ends as
before:

  $ minicc <<'X'
  > load frames.ir
  > args 2
  > start
  > step 3
  > where
  > back
  > bt
  > back
  > bt
  > step 3
  > continue
  > X
  loaded frames.ir: 6 functions
  main(i32 n): SSA form, 1 block
  args: 2
  started main (input) with args 2
  at the start: about to enter entry
  [1] entry
    cell = buffer 2     cell = 2 zeros
  entering fill, depth 2
  #0 fill(b = [0, 0], n = 2) at the start: about to enter entry
  [1] entry
  entering set, depth 3
  #0 set(b = [0, 0], x = 2) at the start: about to enter entry
  [1] entry
    store b, 0, x  b[0] = 2
    return x       returns 2
  set returned 2 to fill, depth 2
  [1] entry (continued)
    call set(b, n)  returned 2 (dropped)
  #0 fill(b = [2, 0], n = 2) in entry, next: return 0
  #0 fill(b = [0, 0], n = 2) at the start: about to enter entry
  * #0 fill(b = [0, 0], n = 2) at the start: about to enter entry
    #1 main(n = 2) in entry, at: call fill(cell, n)
  at the start: about to enter entry
  * #0 main(n = 2) at the start: about to enter entry
  [1] entry
    cell = buffer 2     cell = 2 zeros
  entering fill, depth 2
  #0 fill(b = [0, 0], n = 2) at the start: about to enter entry
  [1] entry
  entering set, depth 3
  #0 set(b = [0, 0], x = 2) at the start: about to enter entry
  [1] entry
    store b, 0, x  b[0] = 2
    return x       returns 2
  set returned 2 to fill, depth 2
  [1] entry (continued)
    call set(b, n)  returned 2 (dropped)
  return 202

A trap in a callee ends the whole run: each frame returns to its caller
with the trap, down to the outermost, and the outcome is the one `run`
gives:

  $ minicc <<'X'
  > load frames.ir
  > func oops
  > args 3
  > start
  > step 2
  > bt
  > step
  > bt
  > run
  > X
  loaded frames.ir: 6 functions
  main(i32 n): SSA form, 1 block
  oops(i32 n): SSA form, 1 block
  args: 3
  started oops (input) with args 3
  at the start: about to enter entry
  [1] entry
    d = sub n, 3            d = 0
  entering divide, depth 2
  #0 divide(a = 10, b = 0) at the start: about to enter entry
  [1] entry
    q = div a, b  trap: division by zero
  divide trapped (division by zero): back in oops, depth 1
  [1] entry (continued)
    q = call divide(10, d)  trap: division by zero
  trap: division by zero
  * #0 oops(n = 3) finished: trap: division by zero
  finished after 2 blocks: trap: division by zero
  (use start to run it again, or back to step backwards)
  * #0 oops(n = 3) finished: trap: division by zero
  trap: division by zero

Bad input gets a clear diagnostic and leaves the state as it was:

  $ minicc <<'X' 2>&1
  > load frames.ir
  > args 3
  > backtrace
  > frame 1
  > finish
  > start
  > step 2
  > frame 99
  > frame -1
  > frame x
  > up 2
  > down
  > up
  > up
  > up
  > break nosuch:entry
  > break fact:nosuch
  > bt
  > finish
  > frame 0
  > finish
  > bt
  > X
  loaded frames.ir: 6 functions
  main(i32 n): SSA form, 1 block
  args: 3
  not running (start begins, run runs to the end)
  <stdin>:4: error: frame: the program is not running (try: start)
  <stdin>:5: error: finish: the program is not running (try: start)
  started main (input) with args 3
  at the start: about to enter entry
  [1] entry
    cell = buffer 2     cell = 2 zeros
  entering fill, depth 2
  #0 fill(b = [0, 0], n = 3) at the start: about to enter entry
  [1] entry
  entering set, depth 3
  #0 set(b = [0, 0], x = 3) at the start: about to enter entry
  <stdin>:8: error: frame: no frame #99 (frames #0..#2; see: backtrace)
  <stdin>:9: error: frame: no frame #-1 (frames #0..#2; see: backtrace)
  <stdin>:10: error: frame: expected a frame number, got 'x' (see: backtrace)
  <stdin>:11: error: up: unexpected argument '2' (see: help up)
  <stdin>:12: error: down: already in the innermost frame #0
  #1 fill(b = [0, 0], n = 3) in entry, at: call set(b, n)
  #2 main(n = 3) in entry, at: call fill(cell, n)
  <stdin>:15: error: up: already in the outermost frame #2
  <stdin>:16: error: break: no function 'nosuch' (break FUNC:BLOCK)
  <stdin>:17: error: break: no block 'nosuch' in fact
    #0 set(b = [0, 0], x = 3) at the start: about to enter entry
    #1 fill(b = [0, 0], n = 3) in entry, at: call set(b, n)
  * #2 main(n = 3) in entry, at: call fill(cell, n)
  <stdin>:19: error: finish: not meaningful in the outermost frame (#2 main has no caller; try: continue)
  #0 set(b = [0, 0], x = 3) at the start: about to enter entry
  run till exit from #0 set(b = [0, 0], x = 3) at the start: about to enter entry
  set returned 3 (dropped)
  #0 fill(b = [3, 0], n = 3) in entry, next: return 0
  * #0 fill(b = [3, 0], n = 3) in entry, next: return 0
    #1 main(n = 3) in entry, at: call fill(cell, n)
  [1]

The step budget counts the block entries of every frame, as a run does:
fact(3) enters 2 + 2 + 2 = 6 blocks, so with a budget of 5 the frame
deepest in the recursion runs out, and the trap is the one `run` reports.
The depth limit holds in stepped callees too: with `set max-depth 2`,
fact(3) and fact(2) have frames and the call of fact(1) traps, as
`minicc run` says:

  $ minicc <<'X'
  > load frames.ir
  > func fact
  > args 3
  > set max-steps 5
  > start
  > step 5
  > bt
  > step
  > bt
  > run
  > set max-steps 100000
  > set max-depth 2
  > start
  > step 3
  > bt
  > step 3
  > bt
  > X
  loaded frames.ir: 6 functions
  main(i32 n): SSA form, 1 block
  fact(i32 n): SSA form, 3 blocks
  args: 3
  max-steps 5
  started fact (input) with args 3
  at the start: about to enter entry
  [1] entry
    z = le n, 1          z = 0
    branch z, base, rec  z = 0 -> rec
  [2] rec <- entry
    m = sub n, 1         m = 2
  entering fact, depth 2
  #0 fact(n = 2) at the start: about to enter entry
  [1] entry
    z = le n, 1          z = 0
    branch z, base, rec  z = 0 -> rec
  [2] rec <- entry
    m = sub n, 1         m = 1
  entering fact, depth 3
  #0 fact(n = 1) at the start: about to enter entry
  [1] entry
    z = le n, 1          z = 1
    branch z, base, rec  z = 1 -> base
  * #0 fact(n = 1) about to enter base
    #1 fact(n = 2) in rec, at: t = call fact(m)
    #2 fact(n = 3) in rec, at: t = call fact(m)
  [1] base (continued)
    trap: execution step limit exceeded
  fact trapped (execution step limit exceeded): back in fact, depth 2
  [2] rec (continued)
    t = call fact(m)     trap: execution step limit exceeded
  fact trapped (execution step limit exceeded): back in fact, depth 1
  [2] rec (continued)
    t = call fact(m)     trap: execution step limit exceeded
  trap: execution step limit exceeded
  note: the step budget is 5 block entries; raise it with 'set max-steps N'
  * #0 fact(n = 3) finished: trap: execution step limit exceeded
  trap: execution step limit exceeded
  note: the step budget is 5 block entries; raise it with 'set max-steps N'
  max-steps 100000
  max-depth 2
  started fact (input) with args 3
  at the start: about to enter entry
  [1] entry
    z = le n, 1          z = 0
    branch z, base, rec  z = 0 -> rec
  [2] rec <- entry
    m = sub n, 1         m = 2
  entering fact, depth 2
  #0 fact(n = 2) at the start: about to enter entry
  [1] entry
    z = le n, 1          z = 0
    branch z, base, rec  z = 0 -> rec
  * #0 fact(n = 2) about to enter rec
    #1 fact(n = 3) in rec, at: t = call fact(m)
  [2] rec <- entry
    m = sub n, 1         m = 1
    t = call fact(m)     trap: call depth limit exceeded
  fact trapped (call depth limit exceeded): back in fact, depth 1
  [2] rec (continued)
    t = call fact(m)     trap: call depth limit exceeded
  trap: call depth limit exceeded
  * #0 fact(n = 3) finished: trap: call depth limit exceeded
  $ minicc run --func fact --max-depth 2 frames.ir 3
  trap: call depth limit exceeded
  [3]
  $ minicc run --func fact --max-steps 5 frames.ir 3
  trap: execution step limit exceeded
  note: the step budget is 5 block entries; raise it with --max-steps N
  [3]

A condition on a breakpoint in a callee reads the callee's values, and
names are checked against that function:

  $ minicc -c 'load frames.ir; args 4; break fact:rec if n == 2; break fact:rec if zz > 1; run; bt; info breakpoints; continue'
  loaded frames.ir: 6 functions
  main(i32 n): SSA form, 1 block
  args: 4
  breakpoint at fact:rec if n == 2
  -c:4: error: break: no value 'zz' in fact
  breakpoint: fact:rec
  #0 fact(n = 2) about to enter rec
  * #0 fact(n = 2) about to enter rec
    #1 fact(n = 3) in rec, at: t = call fact(m)
    #2 fact(n = 4) in rec, at: t = call fact(m)
    #3 main(n = 4) in entry, at: f = call fact(n)
  Num  Type        What          Hits  Condition
  1    breakpoint  fact:rec         1  n == 2
  return 424
  [1]
