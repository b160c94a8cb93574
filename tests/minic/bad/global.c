int f(int n) { return n; }
int counter = 0;
