struct point { int x; int y; };
int f(int n) { return n; }
