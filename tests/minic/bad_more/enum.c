enum color { RED };
int f(int n) {
    return n;
}
