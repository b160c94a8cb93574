int g(int n) { return n; }
int f(int n) {
    ++g(n);
    return n;
}
