int f(int n) {
    int x;
    if (n > 0)
        x = 1;
    return x;
}
