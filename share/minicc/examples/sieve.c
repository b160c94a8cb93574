// sieve.c - the sieve of Eratosthenes over a buffer of n flags.
//
// After the call p[i] is 1 exactly when i is prime (p's contents on entry do
// not matter); returns how many primes are below n. The inner loop steps by
// i (`j += i`), and `i * i <= n - 1` stops the outer loop early.
//
// run: [0,0,0,0,0,0,0,0,0,0] 10
//   return 4
//   p = [0, 0, 1, 1, 0, 1, 0, 1, 0, 0]
// run: [7,7] 2
//   return 0
//   p = [0, 0]
int sieve(int p[], int n) {
    for (int i = 0; i < n; i++) p[i] = i >= 2;
    for (int i = 2; i * i <= n - 1; i++)
        if (p[i])
            for (int j = i * i; j < n; j += i) p[j] = 0;
    int count = 0;
    for (int i = 0; i < n; i++) count += p[i];
    return count;
}
