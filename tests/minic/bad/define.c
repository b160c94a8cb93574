#define N 10
int f(int n) { return n; }
