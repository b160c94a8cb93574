A negation next to a division at INT_MIN and INT_MIN + 1, at every stage
including native (issue 26): MiniC `r = -a / b;` with a = -2147483648, b = 3
returned 715827882 (the value of a / -3) at the native stage and -715827882
everywhere else. MiniC wraps (-INT_MIN is INT_MIN) and truncates toward zero;
INT_MIN / -1 wraps to INT_MIN and INT_MIN % -1 is 0 (minic.md §2), no trap.
`minicc check` runs every stage and register budget and says `agree` or names
the stage that differs; each row here is the native stage's answer.

  $ for f in negdiv divneg negrem remneg; do
  >   for a in -2147483648 -2147483647; do
  >     for b in 3 -3 1 -1 2; do
  >       minicc check negdiv.c --func $f -- $a $b >"$CRAMTMP/out" 2>&1
  >       echo "$f $a $b: $(sed -n 's/^native *//p' "$CRAMTMP/out") ($(tail -n 1 "$CRAMTMP/out"))"
  >     done
  >   done
  > done
  negdiv -2147483648 3: return -715827882 (agree)
  negdiv -2147483648 -3: return 715827882 (agree)
  negdiv -2147483648 1: return -2147483648 (agree)
  negdiv -2147483648 -1: return -2147483648 (agree)
  negdiv -2147483648 2: return -1073741824 (agree)
  negdiv -2147483647 3: return 715827882 (agree)
  negdiv -2147483647 -3: return -715827882 (agree)
  negdiv -2147483647 1: return 2147483647 (agree)
  negdiv -2147483647 -1: return -2147483647 (agree)
  negdiv -2147483647 2: return 1073741823 (agree)
  divneg -2147483648 3: return 715827882 (agree)
  divneg -2147483648 -3: return -715827882 (agree)
  divneg -2147483648 1: return -2147483648 (agree)
  divneg -2147483648 -1: return -2147483648 (agree)
  divneg -2147483648 2: return 1073741824 (agree)
  divneg -2147483647 3: return 715827882 (agree)
  divneg -2147483647 -3: return -715827882 (agree)
  divneg -2147483647 1: return 2147483647 (agree)
  divneg -2147483647 -1: return -2147483647 (agree)
  divneg -2147483647 2: return 1073741823 (agree)
  negrem -2147483648 3: return -2 (agree)
  negrem -2147483648 -3: return -2 (agree)
  negrem -2147483648 1: return 0 (agree)
  negrem -2147483648 -1: return 0 (agree)
  negrem -2147483648 2: return 0 (agree)
  negrem -2147483647 3: return 1 (agree)
  negrem -2147483647 -3: return 1 (agree)
  negrem -2147483647 1: return 0 (agree)
  negrem -2147483647 -1: return 0 (agree)
  negrem -2147483647 2: return 1 (agree)
  remneg -2147483648 3: return -2 (agree)
  remneg -2147483648 -3: return -2 (agree)
  remneg -2147483648 1: return 0 (agree)
  remneg -2147483648 -1: return 0 (agree)
  remneg -2147483648 2: return 0 (agree)
  remneg -2147483647 3: return -1 (agree)
  remneg -2147483647 -3: return -1 (agree)
  remneg -2147483647 1: return 0 (agree)
  remneg -2147483647 -1: return 0 (agree)
  remneg -2147483647 2: return -1 (agree)

A constant divisor (C compilers turn it into a multiply):

  $ for f in negdiv3 negrem3; do
  >   for a in -2147483648 -2147483647 2147483647; do
  >     minicc check negdiv.c --func $f -- $a >"$CRAMTMP/out" 2>&1
  >     echo "$f $a: $(sed -n 's/^native *//p' "$CRAMTMP/out") ($(tail -n 1 "$CRAMTMP/out"))"
  >   done
  > done
  negdiv3 -2147483648: return -715827882 (agree)
  negdiv3 -2147483647: return 715827882 (agree)
  negdiv3 2147483647: return -715827882 (agree)
  negrem3 -2147483648: return -2 (agree)
  negrem3 -2147483647: return 1 (agree)
  negrem3 2147483647: return -1 (agree)

The emitted C divides only uint32_t magnitudes (minicc_mag) and applies the
sign by unsigned negation (cgen.c, put_preamble): no signed `/`, `%` or
negation is left whose overflow the C compiler could assume away (C's signed
`-a / 3` may become `a / -3`, 715827882 at INT_MIN). These are all the lines
with `/` or `%` outside comments:

  $ minicc emit-c negdiv.c --func negdiv | grep -v '^ *\(/\*\| \*\)' | grep ' [/%] '
      return minicc_bits(((minicc_mag(x) / minicc_mag(y)) ^ minicc_sign((uint32_t)x ^ (uint32_t)y)) -
      return minicc_bits(((minicc_mag(x) % minicc_mag(y)) ^ minicc_sign((uint32_t)x)) - minicc_sign((uint32_t)x));
