int f(int n) {
    const int x = n;
    return x;
}
