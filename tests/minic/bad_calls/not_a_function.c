int f(int n) {
    int g = n;
    return g(1);
}
