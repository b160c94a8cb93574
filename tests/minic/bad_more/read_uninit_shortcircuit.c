int f(int n) {
    int x;
    if (n > 0) x = 1;
    if (n > 0 && x) return 1;
    return 0;
}
