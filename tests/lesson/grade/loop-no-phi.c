// wrong: the counter i changes in the loop, so the loop has a phi
int count(int n) {
    int i = 0;
    while (i < n) {
        i = i + 1;
    }
    return i;
}
