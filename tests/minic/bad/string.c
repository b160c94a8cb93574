int f(int n) {
    int s = "hello";
    return n;
}
