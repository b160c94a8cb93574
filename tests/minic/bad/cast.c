int f(int n) {
    return (int)n;
}
