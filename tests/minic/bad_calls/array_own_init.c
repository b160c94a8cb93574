int f(int n) {
    int a[2] = {n, a[0]};
    return a[1];
}
