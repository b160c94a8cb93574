// quicksort.c - a recursive sort: quicksort of a buffer in place.
//
// sort passes its buffer parameter `a` down to quicksort, which passes it on
// to partition and swap and to its own two recursive calls: every callee
// stores into the caller's buffer (a buffer is passed by reference). A
// prototype lets sort, the first function (the one `run` runs), call
// quicksort, defined below. Returns the number of quicksort calls (one frame
// each); each call sorts a[lo..hi] (Lomuto's partition, the last element as
// the pivot).
//
// run: [3,1,2] 3
//   return 3
//   a = [1, 2, 3]
// run: [5,-1,4,4,0,9,-7,2] 8
//   return 11
//   a = [-7, -1, 0, 2, 4, 4, 5, 9]
// run: [] 0
//   return 1
//   a = []
int quicksort(int a[], int lo, int hi);

int sort(int a[], int n) {
    return quicksort(a, 0, n - 1);
}

void swap(int a[], int i, int j) {
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
}

// The pivot a[hi] goes to its final place; the smaller elements before it.
int partition(int a[], int lo, int hi) {
    int pivot = a[hi], i = lo;
    for (int j = lo; j < hi; j++) {
        if (a[j] < pivot) {
            swap(a, i, j);
            i++;
        }
    }
    swap(a, i, hi);
    return i;
}

int quicksort(int a[], int lo, int hi) {
    if (lo >= hi) return 1;
    int p = partition(a, lo, hi);
    return 1 + quicksort(a, lo, p - 1) + quicksort(a, p + 1, hi);
}
