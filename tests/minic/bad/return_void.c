int f(int n) {
    return;
}
