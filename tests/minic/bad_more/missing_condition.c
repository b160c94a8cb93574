int f(int n) {
    if () return 1;
    return n;
}
