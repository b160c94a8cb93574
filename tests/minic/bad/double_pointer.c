int f(int **p) {
    return 0;
}
