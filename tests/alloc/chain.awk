# chain.awk: awk -v n=N -f chain.awk prints a function of N i32 parameters
# that returns p0 + p1 + ... + p(N-1), summed in a chain. Every parameter is
# live on entry, so its interference graph has about N^2 edges (dense.t).
BEGIN {
    printf "func chain("
    for (i = 0; i < n; i++) printf "%si32 p%d", (i ? ", " : ""), i
    printf ") {\nentry:\n    s1 = add p0, p1\n"
    for (i = 2; i < n; i++) printf "    s%d = add s%d, p%d\n", i, i - 1, i
    printf "    return s%d\n}\n", n - 1
}
