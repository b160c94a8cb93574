int f(int n) {
    int x;
    x++;
    return n;
}
