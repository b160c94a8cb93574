int f(int n) {
    do {
        n--;
    } while (0);
}
