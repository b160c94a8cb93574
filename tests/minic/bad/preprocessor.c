// the first line is fine
#include <stdio.h>
int f(int n) { return n; }
