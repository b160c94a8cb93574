int f(int n) {
    return h(n) + 1;
}
