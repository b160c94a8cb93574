int f(int n) {
    int x = n /* half
        + 1;
    return x;
}
