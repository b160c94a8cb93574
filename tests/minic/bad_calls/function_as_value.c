int g(int n) { return n; }
int f(int n) {
    return g + n;
}
