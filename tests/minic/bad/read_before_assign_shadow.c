int f(int n) {
    int x = 1;
    {
        int x;
        n = x + n;
    }
    return n + x;
}
