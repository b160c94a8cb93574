int f(int n) {
    if (n > 0) {
        return 1;
    } else {
        n = 2;
    }
}
