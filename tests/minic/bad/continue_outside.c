int f(int n) {
    continue;
    return n;
}
