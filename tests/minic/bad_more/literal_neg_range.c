int f(int n) {
    return n - -2147483649;
}
