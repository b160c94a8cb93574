int f(int n) {
    int x = 1;
    int x = 2;
    return x;
}
