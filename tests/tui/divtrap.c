int f(int a[], int n) {
    int s = 0;
    for (int i = 0; i <= n; i++)
        s += 100 / (n - i);
    return s;
}
