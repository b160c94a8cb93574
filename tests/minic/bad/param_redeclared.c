int f(int n) {
    int n = 2;
    return n;
}
