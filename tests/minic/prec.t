Operator precedence, one pair of neighbouring C levels at a time (issue 26):
unary, * / %, + -, << >>, < <= > >=, == !=, &, ^, |, &&, ||, ?:. Each
function of prec.c returns one unparenthesised mix, `a LO b HI c` (which a
front end that gave LO the precedence of HI, or a higher one, would read
as `(a LO b) HI c`) and `a HI b LO c` (read as `a HI (b LO c)` if LO bound
tighter than HI). prec.tab gives the arguments and that wrong answer; each
row prints minicc's answer (the same as gcc's) and then the wrong one, so a
failing row names the swapped or merged levels.

  $ while IFS=';' read f args wrong why; do
  >   echo "$f $args: $(minicc run prec.c --func $f -- $args) ($wrong $why)"
  > done < prec.tab
  add_mul 1 1 2: return 3 (4 if + bound as tight as * or tighter)
  mul_add 2 1 1: return 3 (4 if + bound tighter than *)
  sub_rem 1 1 1: return 1 (0 if - bound as tight as % or tighter)
  rem_sub 1 1 2: return -2 (0 if - bound tighter than %)
  shl_add 1 1 1: return 4 (3 if << bound as tight as + or tighter)
  add_shl 1 1 1: return 4 (3 if << bound tighter than +)
  shr_sub 1 1 1: return 1 (-1 if >> bound as tight as - or tighter)
  sub_shr 1 1 1: return 0 (1 if >> bound tighter than -)
  lt_shl 1 1 1: return 1 (0 if < bound as tight as << or tighter)
  shl_lt 1 1 1: return 0 (1 if < bound tighter than <<)
  ge_shr 1 1 1: return 1 (0 if >= bound as tight as >> or tighter)
  shr_ge 1 1 2: return 0 (1 if >= bound tighter than >>)
  eq_lt 1 2 1: return 0 (1 if == bound as tight as < or tighter)
  lt_eq 1 1 0: return 1 (0 if == bound tighter than <)
  ne_le 1 1 1: return 0 (1 if != bound as tight as <= or tighter)
  le_ne 1 2 1: return 0 (1 if != bound tighter than <=)
  and_eq 1 2 2: return 1 (0 if & bound as tight as == or tighter)
  eq_and 1 3 1: return 0 (1 if & bound tighter than ==)
  xor_and 1 1 2: return 1 (0 if ^ bound as tight as & or tighter)
  and_xor 1 1 2: return 3 (1 if ^ bound tighter than &)
  or_xor 1 1 1: return 1 (0 if | bound as tight as ^ or tighter)
  xor_or 1 1 1: return 1 (0 if | bound tighter than ^)
  land_or 1 1 2: return 1 (3 if && bound as tight as | or tighter)
  or_land 1 1 0: return 0 (1 if && bound tighter than |)
  lor_land 1 1 0: return 1 (0 if || bound as tight as && or tighter)
  land_lor 0 1 1: return 1 (0 if || bound tighter than &&)
  bnot_mul 3 2: return -8 (-7 if ~ bound like * or looser (~(a * b)))
  neg_div -2147483648 3: return -715827882 (715827882 if - bound like / or looser (-(a / b)))
  lor_cond 1 0 5 7: return 5 (1 if ?: bound tighter than ||)
  cond_lor 1 5 0 7: return 5 (1 if ?: bound tighter than ||)
