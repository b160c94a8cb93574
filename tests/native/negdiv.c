// negdiv.c: a negation next to a division at INT_MIN (issue 26). With
// a = -2147483648, -a is a again (it wraps), so -a / 3 is -715827882; the
// native stage once returned 715827882, the value of a / -3.
int negdiv(int a, int b) {
    return -a / b;
}
int divneg(int a, int b) {
    return a / -b;
}
int negrem(int a, int b) {
    return -a % b;
}
int remneg(int a, int b) {
    return a % -b;
}
// The same with a constant divisor, which C compilers turn into a multiply.
int negdiv3(int a) {
    int r;
    r = -a / 3;
    return r;
}
int negrem3(int a) {
    int r;
    r = -a % -3;
    return r;
}
