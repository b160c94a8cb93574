int f(int n) {
    int x = 0;
    if (x = n) return 1;
    return 0;
}
