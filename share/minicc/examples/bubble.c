// bubble.c - bubble sort of a buffer in place.
//
// `int a[]` is a buffer parameter: every a[i] is a `load` or `store` with
// the IR's bounds check. Two nested loops, a swap through a temporary, and
// an early exit when a pass swapped nothing (a flag and `break`). Returns
// the number of swaps.
//
// run: [3,1,2] 3
//   return 2
//   a = [1, 2, 3]
// run: [5,-1,4,4,0] 5
//   return 6
//   a = [-1, 0, 4, 4, 5]
// run: [] 0
//   return 0
//   a = []
int bubble(int a[], int n) {
    int swaps = 0;
    for (int i = 0; i < n; i++) {
        int swapped = 0;
        for (int j = 0; j + 1 < n - i; j++) {
            if (a[j] > a[j + 1]) {
                int t = a[j];
                a[j] = a[j + 1];
                a[j + 1] = t;
                swapped = 1;
                swaps++;
            }
        }
        if (!swapped) break;
    }
    return swaps;
}
