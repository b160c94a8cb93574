int f(int n) {
    int g(int m);
    return n;
}
