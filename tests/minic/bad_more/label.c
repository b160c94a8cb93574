int f(int n) {
again:
    n--;
    return n;
}
