int f(int n) {
    static int calls = 0;
    return n;
}
