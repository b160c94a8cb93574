int f(int n) {
    return n + 1);
}
