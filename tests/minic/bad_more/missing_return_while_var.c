int f(int n) {
    while (n) {
        return 1;
    }
}
