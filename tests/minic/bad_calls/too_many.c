void g(void) { }
int f(int n) {
    g(n);
    return n;
}
