int f(int n) {
    int a[0] = {};
    int b[1048577] = {0};
    return 0;
}
