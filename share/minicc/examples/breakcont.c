// breakcont.c - a loop with break and continue.
//
// Adds up the odd numbers below n, skipping multiples of 3 (`continue`),
// and stops at the first number whose square exceeds limit (`break`).
// `continue` in a `for` goes to the step (i++), `break` to the code after
// the loop; `||` in the condition is two branches.
//
// run: 20 1000
//   return 73
// run: 20 50
//   return 13
// run: 0 5
//   return 0
int breakcont(int n, int limit) {
    int sum = 0;
    for (int i = 0; i < n; i++) {
        if (i % 2 == 0 || i % 3 == 0) continue;
        if (i * i > limit) break;
        sum += i;
    }
    return sum;
}
