gdb's conveniences at the prompt (issue 17): conditional and one-shot
breakpoints, watches, displays and `info breakpoints` with hit counts.
swap with n = 5: head runs 6 times, i counting 0..5.

`break BLOCK if COND` stops only when COND holds as BLOCK is about to be
entered (here i is 3 from the body before it); `and` binds tighter than
`or`. The hit count counts the stops, not the visits:

  $ minicc -c 'args 5; break head if i >= 3 and a != b; run; print i; continue; print i; continue; info breakpoints' ../../share/minicc/examples/swap.ir | sed 1,3d
  breakpoint at head if i >= 3 and a != b
  breakpoint: head
  after 9 blocks: about to enter head from body
  i = 3
  breakpoint: head
  after 11 blocks: about to enter head from body
  i = 4
  return 21
  Num  Type        What          Hits  Condition
  1    breakpoint  head             2  i >= 3 and a != b
  $ minicc -c 'args 5; break head if i == 1 or i == 4; run; print i; continue; print i; continue' ../../share/minicc/examples/swap.ir | sed 1,3d
  breakpoint at head if i == 1 or i == 4
  breakpoint: head
  after 5 blocks: about to enter head from body
  i = 1
  breakpoint: head
  after 11 blocks: about to enter head from body
  i = 4
  return 21
  $ minicc -c 'args 5; break head if 2 < i; run; print i' ../../share/minicc/examples/swap.ir | tail -2
  after 9 blocks: about to enter head from body
  i = 3

A block may hold several breakpoints, each with its own number, kind,
condition and hit count; the block stops when any of them holds. `break`
again with another condition adds one beside the first (it used to replace
the condition, and a plain `break` said `already set` while removing it);
the same breakpoint twice is `already set` and changes nothing:

  $ minicc -c 'args 5; break head if i > 100; break head if i == 2; run; print i; break head if i == 2; break head; info b' ../../share/minicc/examples/swap.ir | sed 1,3d
  breakpoint at head if i > 100
  breakpoint 2 at head if i == 2, beside breakpoint 1 if i > 100
  breakpoint: head
  after 7 blocks: about to enter head from body
  i = 2
  breakpoint 2 at head if i == 2 already set
  breakpoint 3 at head, beside breakpoint 1 if i > 100, breakpoint 2 if i == 2
  Num  Type        What          Hits  Condition
  1    breakpoint  head             0  i > 100
  2    breakpoint  head             1  i == 2
  3    breakpoint  head             0

Two C lines of one block (issue 26): `break 5 if t > 3` then `tbreak 6` used
to drop the condition (the tbreak replaced it); now the tbreak stops once
(at line 6 itself, after line 5 set t), then the conditional breakpoint
stops when t > 3; `break` on a block with a
tbreak adds a breakpoint (it said `already set` while making the tbreak
permanent):

  $ cd "$CRAMTMP" && printf 'int f(int n) {\n  int s = 0;\n  int t = 0;\n  for (int i = 0; i < n; i++) {\n    t = t + 1;\n    s = s + t;\n  }\n  return s;\n}\n' > loop.c
  $ cd "$CRAMTMP" && minicc -c 'load loop.c; args 6; break 5 if t > 3; tbreak 6; info b; run; print t; continue; print t; info b; continue' | sed 1,3d
  breakpoint at body.L4 if t > 3 (line 5)
  temporary breakpoint 2 at body.L4 (line 6), beside breakpoint 1 if t > 3
  Num  Type        What             Hits  Condition
  1    breakpoint  body.L4 (line 5)    0  t > 3
  2    tbreak      body.L4 (line 6)    0
  breakpoint: body.L4
  in body.L4 (step 3), next: s = add s, t
  t = 1
  breakpoint: body.L4
  after 14 blocks: about to enter body.L4 from for.L4
  t = 4
  Num  Type        What             Hits  Condition
  1    breakpoint  body.L4 (line 5)    1  t > 3
  breakpoint: body.L4
  after 17 blocks: about to enter body.L4 from for.L4
  $ minicc -c 'args 5; tbreak head; break head; tbreak head; info b; delete 1; info b; delete 2; info b; break' ../../share/minicc/examples/swap.ir | sed 1,3d
  temporary breakpoint at head
  breakpoint 2 at head, beside tbreak 1
  temporary breakpoint 1 at head already set
  Num  Type        What          Hits  Condition
  1    tbreak      head             0
  2    breakpoint  head             0
  deleted 1
  Num  Type        What          Hits  Condition
  2    breakpoint  head             0
  deleted 2
  no breakpoints or watches
  no breakpoints

`tbreak` stops once and is gone:

  $ minicc -c 'args 5; tbreak head; info b; run; info b; continue' ../../share/minicc/examples/swap.ir | sed 1,3d
  temporary breakpoint at head
  Num  Type        What          Hits  Condition
  1    tbreak      head             0
  breakpoint: head
  after 1 block: about to enter head from entry
  no breakpoints or watches
  return 21

`watch NAME` stops run and continue after the block that changed NAME,
with the old and the new value (- for not assigned yet); a step reports
it after the step; `display` shows values after every step and stop:

  $ minicc -c 'args 5; watch c; display i c; run; continue; continue; step; info b' ../../share/minicc/examples/swap.ir | sed 1,3d
  watching c
  display: i c (shown after every step once running)
  watch c: - -> 1
  after 2 blocks: about to enter body from head
  display: i = 0, c = 1
  watch c: 1 -> 0
  after 12 blocks: about to enter exit from head
  display: i = 5, c = 0
  return 21
  display: i = 5, c = 0
  finished after 13 blocks: return 21
  (use start to run it again, or back to step backwards)
  Num  Type        What          Hits  Condition
  1    watch       c                2
  display: i c

A breakpoint and a watch at the same boundary are both reported:

  $ minicc -c 'args 2; break exit; watch a; run; continue; continue; continue' ../../share/minicc/examples/swap.ir | sed 1,3d
  breakpoint at exit
  watching a
  watch a: - -> 1
  after 2 blocks: about to enter body from head
  watch a: 1 -> 2
  after 4 blocks: about to enter body from head
  breakpoint: exit
  watch a: 2 -> 1
  after 6 blocks: about to enter exit from head
  return 12

`delete N` removes a breakpoint or a watch by its number; `delete` alone
removes all; `undisplay`:

  $ minicc -c 'args 5; break head if i > 2; watch a; delete 2; info b; delete 1; info b; display i; undisplay i; display' ../../share/minicc/examples/swap.ir | sed 1,3d
  breakpoint at head if i > 2
  watching a
  deleted 2
  Num  Type        What          Hits  Condition
  1    breakpoint  head             0  i > 2
  deleted 1
  no breakpoints or watches
  display: i (shown after every step once running)
  no longer displaying i
  no displays

Mistakes are errors that change nothing:

  $ minicc -c 'args 5; break head if i >; break head if i = 2; break head if x > 1; break head if i > 2 and; break head exit if i > 2; break head if; tbreak; watch nosuch; info; info watches; delete 7; break' ../../share/minicc/examples/swap.ir 2>&1 | sed 1,3d
  -c:2: error: break: bad condition 'i >': expected a value or a constant at the end
  -c:3: error: break: bad condition 'i = 2': expected a comparison (< <= > >= == !=) at '= 2'
  -c:4: error: break: no value 'x' in swap
  -c:5: error: break: bad condition 'i > 2 and': expected a value or a constant at the end
  -c:6: error: break: a condition belongs to one block (usage: break BLOCK if COND)
  -c:7: error: break: missing condition after 'if' (for example: break head if i > 3)
  -c:8: error: tbreak: missing BLOCK (usage: tbreak BLOCK [if COND])
  -c:9: error: watch: no value 'nosuch' in swap
  -c:10: error: info: usage: info breakpoints (also: info b)
  -c:11: error: info: usage: info breakpoints (also: info b)
  -c:12: error: delete: no breakpoint or watch number 7 (see: info breakpoints)
  no breakpoints

Two line breakpoints in one block: the run stops at the first line, and
continue stops at the second inside the same block before the block ends
(each counts only its own stops).

  $ cd "$CRAMTMP" && minicc -c 'load loop.c; args 2; break 5; break 6; run; continue; continue; info b' | sed 1,5d
  breakpoint: body.L4
  after 2 blocks: about to enter body.L4 from for.L4
  breakpoint: body.L4
  in body.L4 (step 3), next: s = add s, t
  breakpoint: body.L4
  after 5 blocks: about to enter body.L4 from for.L4
  Num  Type        What             Hits  Condition
  1    breakpoint  body.L4 (line 5)    2
  2    breakpoint  body.L4 (line 6)    1
