int f(int n) { return n; }

int f(int m) { return m; }
