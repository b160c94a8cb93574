The asm layout: C (MiniC) and the IR beside the assembly of the session's
target. With target chapter (the default) it is not in the l cycle, and
`:layout asm` says how to choose a real target.

  $ minicc --tui-script ':layout asm<Enter>' ../../share/minicc/examples/swap.ir 5 | head -6
  + *IR swap [input] ------------++ asm chapter ---------------------------------+
  |   entry:                     ||target chapter has no assembly: the abstract  |
  |     i0 = copy 0              ||machine r0..r(K-1) runs as stage alloc.       |
  |     jump head                ||t (or :target x86-64, :target rv64) chooses a |
  |   head:                      ||real target.                                  |
  |     a = phi [entry: 1], [bod>||                                              |

  $ minicc --tui-script ':layout<Enter>' ../../share/minicc/examples/swap.ir 5 | grep 'layout step'
  |layout step (layouts: step, alloc, c, log; layout NAME|next|prev)             |
   step 0 K=4   layout step (the log lists them)

t chooses the next target (chapter, x86-64, rv64, around) as `target NAME`
typed; a real one opens the asm layout, which joins the cycle, and the
status bar names it; back at chapter the cycle is as before.

  $ minicc --tui-script 'tt:layout<Enter>' ../../share/minicc/examples/swap.ir 5 | grep -E 'layout asm|^\+ '
  + *IR swap [input] ------------++ asm rv64 swap (improved, from ssa) ----------+
  + log -------------------------------------------------------------------------+
  |layout asm (layouts: step, alloc, c, log, asm; layout NAME|next|prev)         |
   step 0 K=4   layout asm (the log lists them)

  $ minicc --tui-script 'ttt' ../../share/minicc/examples/swap.ir 5 | tail -2
   target chapter: the abstract machine r0..r(K-1), no assembly (t: next target)
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys

  $ minicc --tui-script 't' ../../share/minicc/examples/swap.ir 5 | grep 'target x86-64'
  |target x86-64: asm and select emit for 13 allocatable registers (rsi ... r15) |
   step 0 K=4   target x86-64: the asm layout shows its assembly (t: next target)

On x86-64 with a MiniC program the layout puts the C source over the IR
beside the assembly. Stepped into the loop's body, the body's tiles are
tinted (k, the current block) under its heading marked `=>`; each carries
the colour band of its C line (the idiv of line 15 in band 9, the band the IR of line
15 has), and a tile of another block (while.L14's test, whose compare and
branch the body repeats at its end in place of a jump back) is not tinted.

  $ minicc --tui-script 'tnnnn' --size 120x36 ../../share/minicc/examples/gcd.c 84 36 | head -1
  + C gcd.c line 15 -----------------------------++ asm x86-64 gcd (improved, from ssa) at body.L14 ---------------------+
  $ minicc --tui-script 'tnnnn' --size 120x36 --attrs ../../share/minicc/examples/gcd.c 84 36 |
  > awk '/^--$/ { sep = NR; next } { row[NR] = $0 }
  >   END { for (i = 1; i < sep; i++)
  >     if (index(row[i], "=>body.L14") || index(row[i], "t = rem a, b ") || index(row[i], "idiv ecx") || index(row[i], "je .Lf0_b3"))
  >       { print row[i]; print row[i + sep] } }'
  |    14     while (b != 0) {                   ||      je .Lf0_b3          # ne.L14 = ne b.1, 0; branch ne.L14, body.L>|
  bkk88888kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkbb..88.................................................................mb
  |=>  15         int t = a % b;                 ||=>body.L14:                                                           |
  bccccccccccccccccccccccccccccccccccccccccccccccbbccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc.b
  |     t = rem a, b                             ||      jne .Lf0_b2         # jump while.L14  (C line 14)               |
  fkkk99kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkfbkk88kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk.b

`:target NAME` typed on the command line does what t does: a real target
opens the asm layout; an unknown name is the prompt's error and changes
nothing.

  $ minicc --tui-script ':target rv64<Enter>' ../../share/minicc/examples/swap.ir 5 | head -1
  + *IR swap [input] ------------++ asm rv64 swap (improved, from ssa) ----------+
  $ minicc --tui-script ':target bogus<Enter>' ../../share/minicc/examples/swap.ir 5 | sed -n '1p;$p'
  + *IR swap [input] ------------------------++ values --------------------------+
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys
  $ minicc --tui-script ':target bogus<Enter>' ../../share/minicc/examples/swap.ir 5 | grep -c 'unknown target'
  2

`:target [NAME] patterns` only lists a pattern table in the log: the layout
stays (the session's target is already a real one here, chosen by t).

  $ minicc --tui-script 'tl:target rv64 patterns<Enter>' ../../share/minicc/examples/swap.ir 5 | sed -n '1p'
  + *IR swap [input] ------------------------++ values --------------------------+

The layout at the four sizes (tests/tui/sizes.t): where each pane's box
starts (row:column) with its title's first word, and the widest line.
Below 150 columns the C source sits over the IR on the left (an IR
program: the IR alone), the assembly beside them; from 150 columns C, IR
and the assembly are three columns.

  $ for size in 80x24 120x40 160x50 200x60; do for f in gcd.c:'30 12' swap.ir:5; do echo "${f%%:*} $size"; minicc --tui-script 'tnn' --size $size ../../share/minicc/examples/${f%%:*} ${f#*:} |
  >   awk '{ for (i = 1; i < length($0); i++) if (substr($0, i, 2) == "+ " && substr($0, i + 2, 1) != "-" && (i == 1 || substr($0, i - 1, 1) == "+")) { t = substr($0, i + 2); sub(/ .*/, "", t); printf "%d:%d %s  ", NR, i, t } if (length($0) > m) m = length($0) } END { print "widest " m }'; done; done
  gcd.c 80x24
  1:1 C  1:33 asm  9:1 *IR  17:1 log  widest 80
  swap.ir 80x24
  1:1 *IR  1:33 asm  17:1 log  widest 80
  gcd.c 120x40
  1:1 C  1:49 asm  15:1 *IR  29:1 log  widest 120
  swap.ir 120x40
  1:1 *IR  1:49 asm  29:1 log  widest 120
  gcd.c 160x50
  1:1 C  1:41 *IR  1:89 asm  37:1 log  widest 160
  swap.ir 160x50
  1:1 *IR  1:49 asm  37:1 log  widest 160
  gcd.c 200x60
  1:1 C  1:51 *IR  1:111 asm  45:1 log  widest 200
  swap.ir 200x60
  1:1 *IR  1:61 asm  45:1 log  widest 200

`:set asm-bug NAME` (the prompt's `set asm-bug`) rebuilds the pane with the
planted bug of x86-64's emitter and names it in the title: no-cdq zeroes
edx where cdq sign-extends eax into it.

  $ minicc --tui-script 't<Tab><PgDn>' ../asm/negdiv.ir -7 2 | head -16 | grep -E 'asm x86|cdq|edx'
  + IR negdiv [input] -----------++ *asm x86-64 negdiv (improved, from ssa) -----+
  |     return q                 ||      cdq                 # q = div a, b      |
  $ minicc --tui-script '<Size:120x24>t:set asm-bug no-cdq<Enter><Tab><PgDn>' ../asm/negdiv.ir -7 2 | head -16 | grep -E 'asm x86|cdq|edx'
  + IR negdiv [input] ---------------------------++ *asm x86-64 negdiv (improved, from ssa, asm-bug no-cdq) -------------+
  |     return q                                 ||      xor edx, edx        # q = div a, b                              |
