int f(int n) {
    int x = 99999999999;
    return x + n;
}
