int f(int n) {
    switch (n) { case 1: return 2; default: return 3; }
}
