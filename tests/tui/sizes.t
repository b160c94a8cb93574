Every layout at the four sizes of issue 17: usable at 80x24 (whole
screens), and using the space at 120x40, 160x50 and 200x60: from 150
columns the layouts add a column (the registers beside step, the IR beside
alloc, the values beside c, the log beside the IR) instead of stretching
the 80-column picture. For the larger sizes the pane borders show the
arrangement (runs of `-` shortened to one; a row per border line, with its
row number), then the widest line.

  $ for l in step alloc c log; do minicc --tui-script ":layout $l<Enter>nnnn" --size 80x24 ../../share/minicc/examples/swap.ir 5; done
  + *IR swap [input] ------------------------++ values --------------------------+
  |   entry:                                 ||  n  = 5                          |
  |     i0 = copy 0                          ||* a  = 2   (was 1)                |
  |     jump head                            ||* b  = 1   (was 2)                |
  |   head:                                  ||* i  = 1   (was 0)                |
  | >   a = phi [entry: 1], [body: b]        ||not live: i0=0 i1=1 c=1           |
  | >   b = phi [entry: 2], [body: a]        |+----------------------------------+
  | >   i = phi [entry: i0], [body: i1]      |+ edge head <- body ---------------+
  | >   c = lt i, n                          ||head <- body   step 4             |
  | >   branch c, body, exit                 ||(a, b, i) := (b, a, i1)           |
  |=> body:                                  ||1. read all        2. write all   |
  |     i1 = add i, 1                        ||   a reads b  = 2  a: 1 -> 2      |
  |     jump head                            ||   b reads a  = 1  b: 2 -> 1      |
  |   exit:                                  ||   i reads i1 = 1  i: 0 -> 1      |
  |     t = mul a, 10                        ||                                  |
  +------------------------------- v 2 more -++----------------------------------+
  + log -------------------------------------------------------------------------+
  |[1] entry                                                                     |
  |[2] head <- entry                                                             |
  |[3] body <- head                                                              |
  |[4] head <- body                                                              |
  +------------------------------------------------------------------ ^ 2 above -+
   swap | stage input | step 4 | K=4 | running at body   ?:keys  ::command  q:quit
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys
  + *interference K=4 (improved) [destroyed] ----++ registers K=4 [destroyed] ---+
  |10 nodes, 21 edges, 1 spilled                 ||n       -> slot0              |
  |registers: r0 r1 r2 r3  x! spilled            ||i0      -> r3  (= i)          |
  |                                    1         ||a       -> r1                 |
  |                  1 2 3 4 5 6 7 8 9 0         ||b       -> r2                 |
  | 1 n!      slot0  \ x x x x x x . . x         ||i       -> r3                 |
  | 2 i0      r3     x \ x x . . . . . .         ||i1      -> r3  (= i)          |
  | 3 a       r1     x x \ x x x x . . x         ||c       -> r0                 |
  | 4 b       r2     x x x \ x x x x . x         ||t       -> r0                 |
  | 5 i       r3     x . x x \ . x . . x         ||r       -> r0                 |
  | 6 i1      r3     x . x x . \ . . . .         ||$cycle1 -> r0                 |
  | 7 c       r0     x . x x x . \ . . .         ||4 of 4 registers used, 1 slot |
  | 8 t       r0     . . . x . . . \ . .         ||last machine run (K=4):       |
  | 9 r       r0     . . . . . . . . \ .         ||return 21                     |
  |10 $cycle1 r0     x . x x x . . . . \         ||spill reads 6, writes 1       |
  +----------------------------------- v 2 more -++------------------- v 1 more -+
  + log -------------------------------------------------------------------------+
  |[1] entry                                                                     |
  |[2] head <- entry                                                             |
  |[3] body <- head                                                              |
  |[4] head <- body                                                              |
  +------------------------------------------------------------------ ^ 2 above -+
   swap | stage input | step 4 | K=4 | running at body   ?:keys  ::command  q:quit
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys
  + *IR swap [input] ----------------++ C (from ssa) at body --------------------+
  |   entry:                         ||    }                                     |
  |     i0 = copy 0                  ||    /* block body */                      |
  |     jump head                    ||    v5_i1 = minicc_bits((uint32_t)v4_i + >|
  |   head:                          ||    { /* parallel copy: read every source>|
  | >   a = phi [entry: 1], [body: b]||        int32_t t0 = v3_b;                |
  | >   b = phi [entry: 2], [body: a]||        int32_t t1 = v2_a;                |
  | >   i = phi [entry: i0], [body: >||        int32_t t2 = v5_i1;               |
  | >   c = lt i, n                  ||        v2_a = t0;                        |
  | >   branch c, body, exit         ||        v3_b = t1;                        |
  |=> body:                          ||        v4_i = t2;                        |
  |     i1 = add i, 1                ||    }                                     |
  |     jump head                    ||    goto L1;                              |
  |   exit:                          ||L3:; /* exit */                           |
  |     t = mul a, 10                ||    v7_t = minicc_bits((uint32_t)v2_a * (>|
  +----------------------- v 2 more -++------------------ ^ 37 above, v 15 more -+
  + log -------------------------------------------------------------------------+
  |[1] entry                                                                     |
  |[2] head <- entry                                                             |
  |[3] body <- head                                                              |
  |[4] head <- body                                                              |
  +------------------------------------------------------------------ ^ 2 above -+
   swap | stage input | step 4 | K=4 | running at body   ?:keys  ::command  q:quit
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys
  + *IR swap [input] ------------------------------------------------------------+
  | >   branch c, body, exit                                                     |
  |=> body:                                                                      |
  |     i1 = add i, 1                                                            |
  |     jump head                                                                |
  |   exit:                                                                      |
  +-------------------------------------------------------- ^ 8 above, v 3 more -+
  + log -------------------------------------------------------------------------+
  |loaded ../../share/minicc/examples/swap.ir: 1 function; showing swap          |
  |minicc> layout log                                                            |
  |[1] entry                                                                     |
  |[2] head <- entry                                                             |
  |[3] body <- head                                                              |
  |[4] head <- body                                                              |
  |                                                                              |
  |                                                                              |
  |                                                                              |
  |                                                                              |
  |                                                                              |
  |                                                                              |
  |                                                                              |
  +------------------------------------------------------------------------------+
   swap | stage input | step 4 | K=4 | running at body   ?:keys  ::command  q:quit
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys
  $ minicc --tui-script 'nnnn' --lesson swap.lesson --size 80x24
  + *lesson: Phis are simultaneous ------++ IR swap [input] ---------------------+
  |== Phis are simultaneous ==           || >   c = lt i, n                      |
  |The loop swaps a and b through two    || >   branch c, body, exit             |
  |phis.                                 ||=> body:                              |
  |minicc> load ../../share/minicc/examp>||     i1 = add i, 1                    |
  |loaded ../../share/minicc/examples/sw>||     jump head                        |
  |swap(i32 n): SSA form, 4 blocks       ||   exit:                              |
  |minicc> args 3                        |+---------------- ^ 7 above, v 3 more -+
  |args: 3                               |+ edge head <- body -------------------+
  |minicc> step 2                        ||head <- body   step 6                 |
  |[1] entry                             ||(a, b, i) := (b, a, i1)               |
  |  i0 = copy 0           i0 = 0        ||1. read all        2. write all       |
  |  jump head             -> head       ||   a reads b  = 1  a: 2 -> 1          |
  |[2] head <- entry                     ||   b reads a  = 2  b: 1 -> 2          |
  |  edge head <- entry: (a, b, i) := (1>||   i reads i1 = 2  i: 1 -> 2          |
  +--------------------------- v 6 more -++--------------------------------------+
  + log -------------------------------------------------------------------------+
  |[3] body <- head                                                              |
  |[4] head <- body                                                              |
  |[5] body <- head                                                              |
  |[6] head <- body                                                              |
  +------------------------------------------------------------------ ^ 2 above -+
   swap | stage input | step 6 | K=4 | running at body   ?:keys  ::command  q:quit
  Enter: continue the lesson   : command   ? keys

  $ for size in 120x40 160x50 200x60; do for l in step alloc c log lesson; do echo "$l $size"; if [ $l = lesson ]; then a='nnnn'; else a=":layout $l<Enter>nnnn"; fi; minicc --tui-script "$a" --lesson swap.lesson --size $size ../../share/minicc/examples/swap.ir 5 > s.txt; grep -n -- '+-\|-+' s.txt | sed 's/--*/-/g; s/||*/|/g'; awk '{ if (length($0) > m) m = length($0) } END { print "widest " m }' s.txt; done; done; rm -f s.txt
  step 120x40
  1:+ *IR swap [input] -++ values -+
  10:| >   branch c, body, exit                                       |+-+
  11:|=> body:                                                        |+ edge head <- body -+
  19:|                                                                |+-+
  20:|                                                                |+ registers K=4 [destroyed] -+
  28:+-++- v 8 more -+
  29:+ log -+
  38:+-+
  widest 120
  alloc 120x40
  1:+ *interference K=4 (improved) [destroyed] -++ registers K=4 [destroyed] -+
  28:+-++-+
  29:+ log -+
  38:+-+
  widest 120
  c 120x40
  1:+ *IR swap [input] -++ C (from ssa) at body -+
  28:+-++- ^ 32 above, v 8 more -+
  29:+ log -+
  38:+-+
  widest 120
  log 120x40
  1:+ *IR swap [input] -+
  12:+- v 6 more -+
  13:+ log -+
  38:+-+
  widest 120
  lesson 120x40
  1:+ *lesson: Phis are simultaneous -++ IR swap [input] -+
  19:|  branch c, body, exit  c = 1 -> body                     |+-+
  20:|(Enter: continue)                                         |+ edge head <- body -+
  28:+-++-+
  29:+ log -+
  38:+-+
  widest 120
  step 160x50
  1:+ *IR swap [input] -++ values -++ registers K=4 [destroyed] -+
  27:|                                                              |+-+|                                              |
  28:|                                                              |+ edge head <- body -+|                                              |
  36:+-++-++-+
  37:+ log -+
  48:+-+
  widest 160
  alloc 160x50
  1:+ *IR swap [input] -++ interference K=4 (improved) [destroyed] -++ registers K=4 [destroyed] -+
  36:+-++-++-+
  37:+ log -+
  48:+-+
  widest 160
  c 160x50
  1:+ *IR swap [input] -++ C (from ssa) at body -++ values -+
  27:|                                                              |        int32_t t1 = v2_a;                             |+-+
  28:|                                                              |        int32_t t2 = v5_i1;                            |+ edge head <- body -+
  36:+-++- ^ 17 above, v 15 more -++-+
  37:+ log -+
  48:+-+
  widest 160
  log 160x50
  1:+ *IR swap [input] -++ log -+
  48:+-++-+
  widest 160
  lesson 160x50
  1:+ *lesson: Phis are simultaneous -++ IR swap [input] -++ values -+
  27:|                                                              |                                              |+-+
  28:|                                                              |                                              |+ edge head <- body -+
  36:+-++-++-+
  37:+ log -+
  48:+-+
  widest 160
  step 200x60
  1:+ *IR swap [input] -++ values -++ registers K=4 [destroyed] -+
  35:|                                                                              |+-+|                                                          |
  36:|                                                                              |+ edge head <- body -+|                                                          |
  44:+-++-++-+
  45:+ log -+
  58:+-+
  widest 200
  alloc 200x60
  1:+ *IR swap [input] -++ interference K=4 (improved) [destroyed] -++ registers K=4 [destroyed] -+
  44:+-++-++-+
  45:+ log -+
  58:+-+
  widest 200
  c 200x60
  1:+ *IR swap [input] -++ C (from ssa) at body -++ values -+
  35:|                                                                              |    v7_t = minicc_bits((uint32_t)v2_a * (uint32_t)10);                |+-+
  36:|                                                                              |    v8_r = minicc_bits((uint32_t)v7_t + (uint32_t)v3_b);              |+ edge head <- body -+
  44:+-++- ^ 17 above, v 7 more -++-+
  45:+ log -+
  58:+-+
  widest 200
  log 200x60
  1:+ *IR swap [input] -++ log -+
  58:+-++-+
  widest 200
  lesson 200x60
  1:+ *lesson: Phis are simultaneous -++ IR swap [input] -++ values -+
  35:|                                                                              |                                                          |+-+
  36:|                                                                              |                                                          |+ edge head <- body -+
  44:+-++-++-+
  45:+ log -+
  58:+-+
  widest 200
