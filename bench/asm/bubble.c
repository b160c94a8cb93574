// bubble.c - bubble sort of a[0..n) (bench/asm.c: n = 6000, reversed data). Returns the swaps.
int bubble(int a[], int n) {
    int swaps = 0;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j + 1 < n - i; j++) {
            if (a[j] > a[j + 1]) {
                int t = a[j];
                a[j] = a[j + 1];
                a[j + 1] = t;
                swaps++;
            }
        }
    }
    return swaps;
}
