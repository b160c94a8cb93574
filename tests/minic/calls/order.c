// order.c - MiniC evaluates a call's arguments left to right: a[0] is read
// before g(a) writes it, so f gets 1 and then 9. (C leaves the order
// unspecified: a program like this one is MiniC, but a generator compared
// with a C compiler must not produce it.)
int g(int a[]) {
    a[0] = 9;
    return a[0];
}

int f(int x, int y) {
    return x * 10 + y;
}

int top(void) {
    int a[1] = {1};
    return f(a[0], g(a));
}
