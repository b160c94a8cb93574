int f(int n) {
    if (n) break;
    return n;
}
