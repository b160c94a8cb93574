int f(int n) {
    while ((n = n - 1) > 0) {
    }
    return n;
}
