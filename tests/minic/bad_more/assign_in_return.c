int f(int n) {
    int x;
    return x = n;
}
