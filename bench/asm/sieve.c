// sieve.c - the sieve of Eratosthenes over p[0..n), `rounds` times (bench/asm.c: n = 1000000, 8 rounds). Returns the primes below n.
int sieve(int p[], int n, int rounds) {
    int count = 0;
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < n; i++) p[i] = i >= 2;
        for (int i = 2; i * i <= n - 1; i++)
            if (p[i])
                for (int j = i * i; j < n; j += i) p[j] = 0;
        count = 0;
        for (int i = 0; i < n; i++) count += p[i];
    }
    return count;
}
