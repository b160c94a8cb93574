int g(int n) {
    if (n) return;
    return 1;
}
