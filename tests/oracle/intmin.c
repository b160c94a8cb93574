// intmin.c - INT_MIN / -1: defined in MiniC (it wraps), undefined in C.
// oracle.sh runs it to show that oracle.py reports a difference.
int f(int x, int y) {
    return x / y;
}
