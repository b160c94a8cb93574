int f(int n) {
    char c = 1;
    return n;
}
