// dot.c - the dot product of x and y, `rounds` times (bench/asm.c: n = 100000, 300 rounds). Values stay small: no overflow.
int dot(int x[], int y[], int n, int rounds) {
    int s = 0;
    for (int r = 0; r < rounds; r++) {
        s = 0;
        for (int i = 0; i < n; i++) s += x[i] * y[i];
    }
    return s;
}
