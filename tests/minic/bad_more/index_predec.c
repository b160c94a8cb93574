int f(int a[], int n) {
    int i = 3;
    a[--i] = n;
    return i;
}
