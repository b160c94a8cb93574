int f(int n) {
    void x;
    return n;
}
