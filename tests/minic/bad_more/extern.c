extern int g;
int f(int n) {
    return n;
}
