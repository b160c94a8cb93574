int g(int n);
int f(int n) {
    return g(n) + g(n + 1);
}
