// matmul.c - c = a * b for n x n matrices stored row by row in flat buffers.
//
// Element (i, j) of a matrix is at index i * n + j. Three nested loops;
// the innermost accumulates in a scalar and stores once. Returns the trace
// of c (the sum of its diagonal).
//
// run: [1,2,3,4] [5,6,7,8] [0,0,0,0] 2
//   return 69
//   a = [1, 2, 3, 4]
//   b = [5, 6, 7, 8]
//   c = [19, 22, 43, 50]
// run: [1,0,0,0,1,0,0,0,1] [2,3,4,5,6,7,8,9,1] [0,0,0,0,0,0,0,0,0] 3
//   return 9
//   a = [1, 0, 0, 0, 1, 0, 0, 0, 1]
//   b = [2, 3, 4, 5, 6, 7, 8, 9, 1]
//   c = [2, 3, 4, 5, 6, 7, 8, 9, 1]
int matmul(int a[], int b[], int c[], int n) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int s = 0;
            for (int k = 0; k < n; k++) s += a[i * n + k] * b[k * n + j];
            c[i * n + j] = s;
        }
    int trace = 0;
    for (int i = 0; i < n; i++) trace += c[i * n + i];
    return trace;
}
