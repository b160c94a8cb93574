// prec.c: one function per pair of neighbouring C precedence levels, each
// operand order; prec.tab gives the arguments and the wrong answer (prec.t).
int add_mul(int a, int b, int c) {
    return a + b * c;
}
int mul_add(int a, int b, int c) {
    return a * b + c;
}
int sub_rem(int a, int b, int c) {
    return a - b % c;
}
int rem_sub(int a, int b, int c) {
    return a % b - c;
}
int shl_add(int a, int b, int c) {
    return a << b + c;
}
int add_shl(int a, int b, int c) {
    return a + b << c;
}
int shr_sub(int a, int b, int c) {
    return a >> b - c;
}
int sub_shr(int a, int b, int c) {
    return a - b >> c;
}
int lt_shl(int a, int b, int c) {
    return a < b << c;
}
int shl_lt(int a, int b, int c) {
    return a << b < c;
}
int ge_shr(int a, int b, int c) {
    return a >= b >> c;
}
int shr_ge(int a, int b, int c) {
    return a >> b >= c;
}
int eq_lt(int a, int b, int c) {
    return a == b < c;
}
int lt_eq(int a, int b, int c) {
    return a < b == c;
}
int ne_le(int a, int b, int c) {
    return a != b <= c;
}
int le_ne(int a, int b, int c) {
    return a <= b != c;
}
int and_eq(int a, int b, int c) {
    return a & b == c;
}
int eq_and(int a, int b, int c) {
    return a == b & c;
}
int xor_and(int a, int b, int c) {
    return a ^ b & c;
}
int and_xor(int a, int b, int c) {
    return a & b ^ c;
}
int or_xor(int a, int b, int c) {
    return a | b ^ c;
}
int xor_or(int a, int b, int c) {
    return a ^ b | c;
}
int land_or(int a, int b, int c) {
    return a && b | c;
}
int or_land(int a, int b, int c) {
    return a | b && c;
}
int lor_land(int a, int b, int c) {
    return a || b && c;
}
int land_lor(int a, int b, int c) {
    return a && b || c;
}
int bnot_mul(int a, int b) {
    return ~a * b;
}
int neg_div(int a, int b) {
    return -a / b;
}
int lor_cond(int a, int b, int c, int d) {
    return a || b ? c : d;
}
int cond_lor(int a, int b, int c, int d) {
    return a ? b : c || d;
}
