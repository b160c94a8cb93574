// gcd.c - Euclid's algorithm with the remainder operator %.
//
// The loop keeps (a, b) and replaces it by (b, a % b) until b is 0. `%`
// lowers to the IR's `rem`, which traps on a zero divisor; here b is
// never 0 inside the loop. In SSA the loop head gets two phis for a and b.
//
// run: 84 36
//   return 12
// run: 17 5
//   return 1
// run: 0 9
//   return 9
int gcd(int a, int b) {
    while (b != 0) {
        int t = a % b;
        a = b;
        b = t;
    }
    return a;
}
