int f(int n) {
    int a[4];
    return a[0];
}
