int g(int a) { return a; }
int f(int b[], int n) {
    return g(b);
}
