int f(int n) {
    int *p;
    return n;
}
