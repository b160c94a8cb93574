int f(int n) {
    for (int i = 0; i < n; i++) {
        return i;
    }
}
