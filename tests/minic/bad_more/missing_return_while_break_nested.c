int f(int n) {
    while (1) {
        if (n > 3) {
            break;
        }
        n++;
    }
}
