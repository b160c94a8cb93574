// recursion.c - a function that calls itself, and two that call each other
// through a prototype. top(n) = fib(n) * 10 + even(n).
int odd(int n);

int even(int n) {
    if (n == 0) return 1;
    return odd(n - 1);
}

int odd(int n) {
    if (n == 0) return 0;
    return even(n - 1);
}

int fib(int n) {
    if (n < 2) return n;
    return fib(n - 1) + fib(n - 2);
}

int top(int n) {
    return fib(n) * 10 + even(n);
}

// depth(n) = n, n + 1 frames deep
int depth(int n) {
    if (n == 0) return 0;
    return depth(n - 1) + 1;
}
