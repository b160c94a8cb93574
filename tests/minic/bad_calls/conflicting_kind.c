int f(int a[], int n);
int f(int a, int n) { return a + n; }
