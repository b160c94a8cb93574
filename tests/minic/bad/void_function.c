void f(int n) {
    return n;
}
