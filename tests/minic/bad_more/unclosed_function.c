int f(int n) {
    if (n) {
        return 1;
    }
    return 0;
