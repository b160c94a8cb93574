/* native.c - the call kernels of bench/calls.c in C, as the IR files
 * (fib.ir, ack.ir, tak.ir, qsort.ir) write them; bench/calls.c compiles
 * this with `cc -O2 -shared -fPIC` and calls it in-process. */
#include <stdint.h>

int32_t nat_fib(int32_t n);
int32_t nat_ack(int32_t m, int32_t n);
int32_t nat_tak(int32_t x, int32_t y, int32_t z);
int32_t nat_sort(int32_t *b, int32_t n);

int32_t nat_fib(int32_t n) { return n < 2 ? n : nat_fib(n - 1) + nat_fib(n - 2); }

int32_t nat_ack(int32_t m, int32_t n) {
    if (m == 0) return n + 1;
    if (n == 0) return nat_ack(m - 1, 1);
    return nat_ack(m - 1, nat_ack(m, n - 1));
}

int32_t nat_tak(int32_t x, int32_t y, int32_t z) {
    if (!(y < x)) return z;
    return nat_tak(nat_tak(x - 1, y, z), nat_tak(y - 1, z, x), nat_tak(z - 1, x, y));
}

static void qsort_rec(int32_t *b, int32_t lo, int32_t hi) {
    if (hi - lo < 2) return;
    int32_t last = hi - 1, p = b[last], i = lo;
    for (int32_t j = lo; j < last; j++) {
        int32_t x = b[j];
        if (x < p) {
            b[j] = b[i];
            b[i] = x;
            i++;
        }
    }
    b[last] = b[i];
    b[i] = p;
    qsort_rec(b, lo, i);
    qsort_rec(b, i + 1, hi);
}

int32_t nat_sort(int32_t *b, int32_t n) {
    qsort_rec(b, 0, n);
    return b[0] + b[n / 2] + b[n - 1];
}
