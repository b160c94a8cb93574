int f(int n) {
    return sizeof n;
}
