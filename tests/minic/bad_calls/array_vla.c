int f(int n) {
    int a[n] = {0};
    return a[0];
}
