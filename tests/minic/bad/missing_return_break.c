int f(int n) {
    for (;;) {
        if (n == 0) break;
        n--;
    }
}
