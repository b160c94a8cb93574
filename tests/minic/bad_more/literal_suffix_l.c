int f(int n) {
    return n + 10L;
}
