// ackermann.c - Ackermann's function: recursion that no loop nest can replace.
//
// ack(m, n) grows faster than any primitive recursive function; its nested
// call ack(m - 1, ack(m, n - 1)) passes one call's result to the next. Every
// call is a frame of its own: ack(3, 3) goes 63 frames deep, so with
// `--max-depth 62` it traps (`call depth limit exceeded`); and with a small
// step budget (`--max-steps 1000`) it traps too: the budget counts the block
// entries of all frames together.
//
// run: 0 5
//   return 6
// run: 2 3
//   return 9
// run: 3 3
//   return 61
int ack(int m, int n) {
    if (m == 0) return n + 1;
    if (n == 0) return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}
