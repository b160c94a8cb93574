// compound.c: the non-commutative compound assignments on a buffer element
// and on a variable, one function each (compound.t, compound.tab).
int sub_buf(int a[], int r) {
    a[0] -= r;
    return a[0];
}
int sub_var(int x, int r) {
    x -= r;
    return x;
}
int div_buf(int a[], int r) {
    a[0] /= r;
    return a[0];
}
int div_var(int x, int r) {
    x /= r;
    return x;
}
int rem_buf(int a[], int r) {
    a[0] %= r;
    return a[0];
}
int rem_var(int x, int r) {
    x %= r;
    return x;
}
int shl_buf(int a[], int r) {
    a[0] <<= r;
    return a[0];
}
int shl_var(int x, int r) {
    x <<= r;
    return x;
}
int shr_buf(int a[], int r) {
    a[0] >>= r;
    return a[0];
}
int shr_var(int x, int r) {
    x >>= r;
    return x;
}
