int f(int n) {
    return n;
}
return 0;
