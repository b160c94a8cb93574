int f(int a[], int n) {
    int i;
    a[i] = n;
    return 0;
}
