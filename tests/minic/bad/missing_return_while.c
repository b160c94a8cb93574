int f(int n) {
    while (n > 0) {
        n--;
    }
}
