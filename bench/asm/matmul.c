// matmul.c - c = a x b for n x n matrices in row order (bench/asm.c: n = 300). Returns c's trace modulo 2^16.
int matmul(int a[], int b[], int c[], int n) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int s = 0;
            for (int k = 0; k < n; k++) s += a[i * n + k] * b[k * n + j];
            c[i * n + j] = s;
        }
    int t = 0;
    for (int i = 0; i < n; i++) t = (t + c[i * n + i]) & 65535;
    return t;
}
