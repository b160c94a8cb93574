int f(int n) {
    int a[] = {1, 2};
    return a[0];
}
