int g(int a[]) { return a[0]; }
int f(int n) {
    return g(n + 1);
}
