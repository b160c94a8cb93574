int f(int a[], int n) {
    int i = 0;
    int x = a[i++];
    return x + n;
}
