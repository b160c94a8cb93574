void g(int a[]) {
    return a[0];
}
