int f(int n) {
    double d = 1;
    return n;
}
