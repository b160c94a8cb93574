int f(int n) {
    int a[10];
    return n;
}
