int f(int n) {
    print(n);
    return n;
}
