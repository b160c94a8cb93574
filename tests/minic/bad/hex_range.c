int f(int n) {
    return -0x80000000;
}
