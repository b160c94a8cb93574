int f(int n) {
    int a[2][2] = {0};
    return 0;
}
