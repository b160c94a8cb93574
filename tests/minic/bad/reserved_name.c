int phi(int n) {
    return n;
}
