// binsearch.c - binary search in a sorted buffer (not bsearch: that is libc's).
//
// Returns the index of key in a[0..n), or -1 when it is not there. The
// midpoint is lo + (hi - lo) / 2 (no overflow); `/` lowers to `div`. The
// `return` inside the loop leaves from the middle of it.
//
// run: [1,3,5,7,9,11] 6 7
//   return 3
//   a = [1, 3, 5, 7, 9, 11]
// run: [1,3,5,7,9,11] 6 4
//   return -1
//   a = [1, 3, 5, 7, 9, 11]
// run: [] 0 1
//   return -1
//   a = []
int binsearch(int a[], int n, int key) {
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (a[mid] == key) return mid;
        if (a[mid] < key) lo = mid + 1;
        else hi = mid;
    }
    return -1;
}
