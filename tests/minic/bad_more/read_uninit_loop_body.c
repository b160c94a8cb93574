int f(int n) {
    int x;
    while (n > 0) {
        x = n;
        n--;
    }
    return x;
}
