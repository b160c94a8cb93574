int f(int n) {
    int x;
    if (x > n) return 1;
    return 0;
}
