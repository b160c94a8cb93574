int f(int n) {
    int a[2] = {1, 2, n};
    return a[0];
}
