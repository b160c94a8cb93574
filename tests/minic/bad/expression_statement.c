int f(int n) {
    n + 1;
    return n;
}
