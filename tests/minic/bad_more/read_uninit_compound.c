int f(int n) {
    int x;
    x += n;
    return x;
}
