int f(int n) {
    unsigned u = 1;
    return n;
}
