The extended operations of docs/ir.md §3.1 in native code: stage input, native and
native -O0 agree exactly (agree.sh) at the edge values, and the C has no
undefined behaviour (test_cgen.c runs the same under ASan and UBSan).

  $ for a in '7 -2' '-2147483648 -1' '-8 31' '-8 32' '-8 -1' '2147483647 1'; do
  >   sh agree.sh ../ir/ops.ir -- $a '[0,0,0,0,0,0,0]'
  > done
  return -3
  out = [6, -1, -7, -1073741824, 0, -3, 1]
  return -2147483648
  out = [-2147483648, -1, 2147483647, 0, -1, -2147483648, 0]
  return 0
  out = [24, -1, -25, 0, -1, 0, -8]
  return 0
  out = [32, -8, -40, -8, -8, 0, -8]
  return 8
  out = [-8, -1, 7, 0, -1, 8, 0]
  return 2147483647
  out = [1, 2147483647, 2147483646, -2, 1073741823, 2147483647, 0]

A zero divisor: the same trap, the stores before it kept.

  $ sh agree.sh ../ir/ops.ir -- -2147483648 0 '[0,0,0,0,0,0,0]'
  trap: division by zero
  out = [0, -2147483648, -2147483648, -2147483648, -2147483648, 0, 0]
  [3]

Constant operands (see divconst.ir): -1 as a divisor is negation, a constant
zero divisor traps.

  $ for a in '-2147483648 0' '5 0'; do sh agree.sh divconst.ir -- $a; done
  return -715827883
  return -782936783
  $ sh agree.sh divconst.ir -- 5 1
  trap: division by zero
  [3]
  $ minicc emit-c divconst.ir -O0 | grep -n 'minicc_div\|minicc_rem\|minicc_shr\|err\[0\] = 2'
  18:static inline int32_t minicc_shr(int32_t x, int32_t y) {
  35:static inline int32_t minicc_div(int32_t x, int32_t y) {
  39:static inline int32_t minicc_rem(int32_t x, int32_t y) {
  57:    v2_a = minicc_div(v0_x, (-1));
  58:    v3_b = minicc_rem(v0_x, (-1));
  59:    v4_c = minicc_shr(INT32_MIN, v0_x);
  61:    v6_e = minicc_div(INT32_MIN, 3);
  70:    { err[0] = 2; return 0; } /* division by zero */
