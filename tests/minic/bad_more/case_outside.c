int f(int n) {
    case 1: return n;
}
