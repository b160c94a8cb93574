// swap.c - two variables trade places on every trip around a loop.
//
// The C twin of swap.ir: in SSA, after copy propagation, the loop head has
// a = phi(1, b) and b = phi(2, a), the swap problem of phi destruction
// (phis are simultaneous; copying them one after the other returns 22 or
// 11). Returns 12 for even n and 21 for odd n.
//
// run: 4
//   return 12
// run: 5
//   return 21
int swap(int n) {
    int a = 1, b = 2;
    for (int i = 0; i < n; i++) {
        int t = a;
        a = b;
        b = t;
    }
    return a * 10 + b;
}
