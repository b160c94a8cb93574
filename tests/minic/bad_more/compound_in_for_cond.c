int f(int n) {
    int s = 0;
    for (int i = 0; (i += 1) < n; ) s++;
    return s;
}
