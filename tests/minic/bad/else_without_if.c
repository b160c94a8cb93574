int f(int n) {
    else n = 1;
    return n;
}
