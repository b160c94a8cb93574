int f(int n);
int g(int n) { return f(n); }
void f(int n) { }
