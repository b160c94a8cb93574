typedef int word;
int f(int n) {
    return n;
}
