int f(int a[], int n) {
    int i = 0;
    a[i++] = n;
    return i;
}
