int f(int n) {
    if (n) return 1;;
    else return 2;
}
