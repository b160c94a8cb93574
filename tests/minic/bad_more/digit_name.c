int f(int n) {
    int 3x = n;
    return n;
}
