// fib.c - doubly recursive Fibonacci (bench/asm.c: n = 32).
int fib(int n) {
    if (n < 2) return n;
    return fib(n - 1) + fib(n - 2);
}
