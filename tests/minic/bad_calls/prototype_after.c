int f(int n) { return n; }
int f(int a, int b);
int g(int n) { return f(n, n); }
