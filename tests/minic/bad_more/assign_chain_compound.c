int f(int n) {
    int x = 0, y = 0;
    x = y += n;
    return x;
}
