int f(int n) {
    int x = 0;
    x = 1, n = 2;
    return x;
}
