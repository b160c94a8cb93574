int f(int n) { return n; }
int f(int n) { return n + 1; }
