void g(int a[]) { a[0] = 1; }
int f(int b[]) {
    int x = g(b);
    return x;
}
