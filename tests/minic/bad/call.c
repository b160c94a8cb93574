int f(int n) {
    return g(n) + 1;
}
int g(int n) { return n; }
