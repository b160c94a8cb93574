int f(int n) {
    int x = 1
    x = y;
    return x @ 1;
}
int g(int a[]) {
    a[0] = "s";
    return a;
}
