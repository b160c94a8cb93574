// prefix.c - prefix sums in place: a[i] becomes a[0] + ... + a[i].
//
// One running total carried around the loop; every element is loaded once
// and stored once. Returns the total, which wraps on overflow as C with
// -fwrapv does.
//
// run: [1,2,3,4] 4
//   return 10
//   a = [1, 3, 6, 10]
// run: [2147483647,1] 2
//   return -2147483648
//   a = [2147483647, -2147483648]
int prefix(int a[], int n) {
    int sum = 0;
    for (int i = 0; i < n; i++) {
        sum += a[i];
        a[i] = sum;
    }
    return sum;
}
