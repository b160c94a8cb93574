int f(int a[], int n) {
    a = n;
    return 0;
}
