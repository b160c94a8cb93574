int f(int) {
    return 0;
}
