int f(int n) {
    int x = x + 1;
    return x;
}
