int f(int n) {
    void g(int a);
    return n;
}
