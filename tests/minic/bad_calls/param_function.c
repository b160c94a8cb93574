int f(int g(int)) {
    return 0;
}
