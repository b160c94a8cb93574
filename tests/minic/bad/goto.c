int f(int n) {
again:
    n = n - 1;
    if (n) goto again;
    return n;
}
