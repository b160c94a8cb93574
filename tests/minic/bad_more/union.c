int f(int n) {
    union u { int a; } v;
    return n;
}
