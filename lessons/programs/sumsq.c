// sumsq.c - the sum of the squares of the odd numbers below n, stopping
// as soon as the sum passes a limit (lesson 9).
int sumsq(int n, int limit) {
    int s = 0;
    for (int i = 1; i < n; i++) {
        if (i % 2 == 0) continue;
        s += i * i;
        if (s > limit) break;
    }
    return s;
}
