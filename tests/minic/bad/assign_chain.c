int f(int n) {
    int x, y;
    x = y = 0;
    return x;
}
