/* a comment that never ends
int f(int n) {
    return n;
}
