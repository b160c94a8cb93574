int f(int n) {
    int x;
    if (n) x = 3;
    return n ? 1 : x;
}
