int f(int n) {
    int x = 0;
    x = &n;
    return x;
}
