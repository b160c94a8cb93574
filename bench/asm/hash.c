// hash.c - a multiplicative hash over 0..n (bench/asm.c: n = 30000000), kept below 2^20 so no step overflows.
int hash(int n) {
    int h = 5381;
    for (int i = 0; i < n; i++) {
        h = ((h << 5) + h + (i ^ (i >> 3))) & 1048575;
        if (h % 7 == 3) h = h / 3;
    }
    return h;
}
