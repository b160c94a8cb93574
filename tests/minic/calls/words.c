// words.c - functions and arrays named after words of the IR: the IR calls
// `$load`, the user sees `load`.
int load(int add[], int i) {
    return add[i];
}

int call(int n) {
    int buffer[3] = {n, n * 2, n * 3};
    return load(buffer, 2);
}
