int f(int n) {
    return n; /* the end
}
