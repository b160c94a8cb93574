int f(int a[10]) {
    return a[0];
}
