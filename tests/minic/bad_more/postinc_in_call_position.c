int f(int n) {
    int x = 0;
    x = n++ + 1;
    return x;
}
