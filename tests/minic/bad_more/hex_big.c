int f(int n) {
    return n & 0x100000000;
}
