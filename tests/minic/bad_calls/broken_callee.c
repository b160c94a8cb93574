static int g(int a, int b) { return a; }
int f(int n) { return g(n); }
