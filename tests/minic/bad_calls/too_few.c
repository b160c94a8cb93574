int g(int a, int b) { return a - b; }
int f(int n) {
    return g(n);
}
