int f(int n) {
    do {
        n--;
    }
    return n;
}
