// collatz.c - steps of the Collatz sequence from n down to 1, with ?: and &&.
//
// `n % 2 ? 3 * n + 1 : n >> 1` is a conditional: blocks for its two arms
// and a join. `&&` stops at the first false operand, so the loop ends once n
// reaches 1 or the step budget `max` is used up. Returns the number of
// steps taken.
//
// run: 27 1000
//   return 111
// run: 6 1000
//   return 8
// run: 27 10
//   return 10
int collatz(int n, int max) {
    int steps = 0;
    while (n != 1 && steps < max) {
        n = n % 2 ? 3 * n + 1 : n >> 1;
        steps++;
    }
    return steps;
}
