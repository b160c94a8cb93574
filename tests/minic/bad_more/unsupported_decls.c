int f(int a) {
  unsigned x = 1, y;
  static int *q;
  y = x + q[0] + zz;
  return y;
}
