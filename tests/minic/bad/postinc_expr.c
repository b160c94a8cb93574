int f(int n) {
    int x = 0;
    int y = x++;
    return y;
}
