int f(int n) {
    long x = n;
    return n;
}
