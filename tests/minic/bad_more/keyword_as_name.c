int f(int n) {
    int while = n;
    return n;
}
