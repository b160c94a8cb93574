// A model solution of exercise loop-no-phi (lesson 17): the loop's state
// lives in the buffer, not in a variable, so SSA construction gives the
// loop no phi, and the optimizer cannot remove the loop.
int count(int b[], int n) {
    b[0] = 0;
    while (b[0] < n) {
        b[0] = b[0] + 1;
    }
    return b[0];
}
