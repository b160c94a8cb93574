int f(int n) {
    return g(n);
}
int g(int n) { return n; }
