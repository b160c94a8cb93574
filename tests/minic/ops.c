// Every lowering rule of docs/minic.md §3 in one file.
int ops(int x, int y) {
    int r = -x + ~y;
    if (x > y && !(x >= 10) || y == 3) r += 100;
    r = r + (x < y ? x : y);
    return r;
}

int shadow(int n) {
    int i = n;
    for (int i = 0; i < 2; i++) n += i;
    {
        int n = 7;
        i = i + n;
    }
    return i * 1000 + n;
}

int forever(int n) {
    while (1) {
        if (n > 100) return n;
        n = n * 2 + 1;
    }
}

int dead(int n) {
    if (0) n = 5;
    return n - -2147483648;
}
