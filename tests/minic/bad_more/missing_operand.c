int f(int n) {
    int x = n +;
    return x;
}
