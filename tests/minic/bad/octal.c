int f(int n) {
    return n + 017;
}
