// buffers.c - a local array passed down two calls and written by the
// callees; a void function, its `return;` and its fall off the end; a call
// as a statement and in a for step; an array declared in a loop starts
// again from its initializer on every iteration.
void put(int a[], int i, int v) {
    if (i < 0) return;
    a[i] = v;
}

void fill(int *a, int n, int v) {
    for (int i = 0; i < n; put(a, i, v + i), i++) ;
}

int sum(int a[], int n) {
    int s = 0;
    for (int i = 0; i < n; i++) s += a[i];
    return s;
}

int top(int n) {
    int a[8] = {1, 2};
    fill(a, n, 100);
    put(a, -1, 7);
    int t = 0;
    for (int k = 0; k < 3; k++) {
        int b[3] = {k, 0};
        b[2] = b[2] + 1;
        t = t + sum(b, 3);
    }
    return sum(a, 8) * 100 + t;
}
