void f(int n) {
    n = 1;
}
