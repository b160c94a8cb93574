int f(int n) {
}
