The live pane of the asm layout (under the assembly): for the block the
interpreter is in, each value live into it in the allocated function,
where the allocation keeps it on the target (a register by its name, a
frame slot as the assembly names it) and its value at the block's entry;
the prompt's `asm --regs` is the same table (tests/repl/asm_regs.t). Its
title names the block and which entry of it this is.

Stepped four blocks into gcd at 80x24 (about to enter the loop's body a
second time): b.1 in rdi, a.1 in r8, as the assembly beside it uses them
(edi and r8d, their low halves).

  $ minicc --tui-script 'tnnnn' ../../share/minicc/examples/gcd.c 84 36 | sed -n '14,16p' | cut -c33-
  + live into body.L14, entry 2 (x86-64) --------+
  |rdi b.1 = 12  rax a.1 = 36                    |
  +----------------------------------------------+

One block more: the loop's header, its third entry, after the body's
second pass (36 % 12 = 0 into b.1, 12 into a.1).

  $ minicc --tui-script 'tnnnnn' ../../share/minicc/examples/gcd.c 84 36 | sed -n '14,15p' | cut -c33-
  + live into while.L14, entry 3 (x86-64) -------+
  |rdi b.1 = 0  rax a.1 = 12                     |

Fourteen values live at the head of spill12's loop, more than x86-64's 13
registers: registers first, then the frame slots as the assembly names
them (`dword ptr [rbp - 112]` is i). At 80x24 the pane takes at most two
fifths of the column (the assembly keeps the rest) and says what it cuts;
the columns are as wide as their cells.

  $ minicc --tui-script 'tnnn' ../asm/spill12.ir 3 | sed -n '11,16p' | cut -c33-
  + live into head, entry 2 (x86-64) ------------+
  |rsi i = 1  rax e = 11  r13         j = 21     |
  |rdi a = 3  rcx f = 13  r14         k = 23     |
  |r8  b = 5  rdx g = 15  r15         l = 13     |
  |r9  c = 7  rbx h = 17  [rbp - 104] n = 3      |
  +----------------------------------- v 1 more -+

Tab focuses it (asm, then live) and PgDn shows the rest.

  $ minicc --tui-script 'tnnn<Tab><Tab><PgDn>' ../asm/spill12.ir 3 | sed -n '11,16p' | cut -c33-
  + *live into head, entry 2 (x86-64) -----------+
  |rdi a = 3  rcx f = 13  r14         k = 23     |
  |r8  b = 5  rdx g = 15  r15         l = 13     |
  |r9  c = 7  rbx h = 17  [rbp - 104] n = 3      |
  |r10 d = 9  r12 m = 19                         |
  +---------------------------------- ^ 1 above -+

On rv64 (t again) the fourteen fit in rv64's registers.

  $ minicc --tui-script 'ttnnn' ../asm/spill12.ir 3 | sed -n '11,16p' | cut -c33-
  + live into head, entry 2 (rv64) --------------+
  |t1 j = 21  a0 f = 13  a4 b = 5   s1 k = 23    |
  |t2 m = 19  a1 e = 11  a5 a = 3   s2 n = 3     |
  |t3 h = 17  a2 d = 9   a6 i = 1                |
  |t4 g = 15  a3 c = 7   a7 l = 13               |
  +----------------------------------------------+

Before a run the pane says how to start one; after the run, that it ended.

  $ minicc --tui-script 't' ../../share/minicc/examples/gcd.c 84 36 | sed -n '14,16p' | cut -c33-
  + live ----------------------------------------+
  |no run: step or stepi starts one              |
  +----------------------------------------------+
  $ minicc --tui-script 'tc' ../../share/minicc/examples/gcd.c 84 36 | sed -n '14,16p' | cut -c33-
  + live ----------------------------------------+
  |the run has ended (restart to step again)     |
  +----------------------------------------------+

With the stepped stage's planted mistake (`set phi-mode sequential`) the
values stay the allocated function's, and where the stepped run leaves the
allocated function's path the pane says so instead of guessing.

  $ minicc --tui-script 't:set phi-mode sequential<Enter>nnnnnnnn' --size 100x30 ../repl/asm_regs.ir 0 | grep -A2 'live into' | cut -c41-
  + live into exit, entry 1 (x86-64) ------------------------+
  |r8 b = 0  r9 a = 10  r10 x = 0                            |
  +----------------------------------------------------------+
  $ minicc --tui-script 't:set phi-mode sequential<Enter>nnnnnnnnn' --size 100x30 ../repl/asm_regs.ir 0 | grep -A3 'live into' | cut -c41-
  + live into small (x86-64) --------------------------------+
  |no value live into the block                              |
  |?: stage input entered small where the allocated function |
  |enters big: their paths differ                            |
  +----------------------------------------------------------+

The layout at the four sizes: where each box starts (row:column) with its
title's first word, and the widest line. The live pane sits under the
assembly, as tall as its table (at most two fifths of the column).

  $ for size in 80x24 120x40 160x50 200x60; do echo "$size"; minicc --tui-script 'tnnn' --size $size ../asm/spill12.ir 3 |
  >   awk '{ for (i = 1; i < length($0); i++) if (substr($0, i, 2) == "+ " && substr($0, i + 2, 1) != "-" && (i == 1 || substr($0, i - 1, 1) != " ")) { t = substr($0, i + 2); sub(/ .*/, "", t); printf "%d:%d %s  ", NR, i, t } if (length($0) > m) m = length($0) } END { print "widest " m }'; done
  80x24
  1:1 *IR  1:33 asm  11:33 live  17:1 log  widest 80
  120x40
  1:1 *IR  1:49 asm  24:49 live  29:1 log  widest 120
  160x50
  1:1 *IR  1:49 asm  33:49 live  37:1 log  widest 160
  200x60
  1:1 *IR  1:61 asm  41:61 live  45:1 log  widest 200
