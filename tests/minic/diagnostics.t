MiniC's rules as C's and diagnostics that say what is wrong (issue 26 §2).

A declaration is not a statement: as the body of if, else, while, for or
do it is an error at the declaration (C's rule), and its name does not leak
into the enclosing block:

  $ cat > $CRAMTMP/body.c <<'C'
  > int f(int p) {
  >     int y = 0;
  >     if (p) int y = 1;
  >     else int z = 2;
  >     while (p) int w = 3;
  >     for (;;) int v = 4;
  >     do int u = 5; while (p);
  >     return y + z;
  > }
  > C
  $ cd $CRAMTMP && minicc parse body.c
  body.c:3:12: error: a declaration cannot be the body of 'if': put it in braces, '{ int ...; }'
        if (p) int y = 1;
               ^
  body.c:4:10: error: a declaration cannot be the body of 'else': put it in braces, '{ int ...; }'
        else int z = 2;
             ^
  body.c:5:15: error: a declaration cannot be the body of 'while': put it in braces, '{ int ...; }'
        while (p) int w = 3;
                  ^
  body.c:6:14: error: a declaration cannot be the body of 'for': put it in braces, '{ int ...; }'
        for (;;) int v = 4;
                 ^
  body.c:7:8: error: a declaration cannot be the body of 'do': put it in braces, '{ int ...; }'
        do int u = 5; while (p);
           ^
  body.c:8:16: error: 'z' is not declared
        return y + z;
                   ^
  [2]

In braces it is fine, and a `for` header declares as before:

  $ printf 'int f(int p) {\n    int y = 0;\n    if (p) { int y = 1; p = y; } else { int z = 2; p = z; }\n    for (int i = 0; i < 3; i++) y += i;\n    return y + p;\n}\n' > $CRAMTMP/braces.c
  $ cd $CRAMTMP && minicc run braces.c -- 1 && minicc run braces.c -- 0
  return 4
  return 5

A rejected declaration declares its names for what follows, so their uses
are not reported again: globals (for the rest of the file), local structs,
unions, enums (their constants too), arrays and pointers. A file-scope
`int *t;` is a global, not a function:

  $ cat > $CRAMTMP/rejected.c <<'C'
  > int g;
  > int *t;
  > int arr[10];
  > int h = 3, k;
  > static int s;
  > const int N = 5;
  > struct P { int x; int y; } pt;
  > enum Color { RED, GREEN = 2, BLUE };
  > typedef int word;
  > int f(int n) {
  >     struct Q { int a; } q;
  >     enum { ONE = 1, TWO } e;
  >     union U { int i; } u;
  >     int a[4];
  >     int *p, r;
  >     return g + t[0] + arr[0] + h + k + s + N + pt + RED + GREEN + BLUE + word
  >          + q + ONE + TWO + e + u + a[1] + p + r + n + undeclared;
  > }
  > C
  $ cd $CRAMTMP && minicc parse rejected.c 2>&1 | grep error
  rejected.c:1:5: error: global variables are not supported in MiniC (declare 'g' inside a function)
  rejected.c:2:6: error: global variables are not supported in MiniC (declare 't' inside a function)
  rejected.c:3:5: error: global variables are not supported in MiniC (declare 'arr' inside a function)
  rejected.c:4:5: error: global variables are not supported in MiniC (declare 'h' inside a function)
  rejected.c:5:12: error: global variables are not supported in MiniC (declare 's' inside a function)
  rejected.c:6:11: error: global variables are not supported in MiniC (declare 'N' inside a function)
  rejected.c:7:28: error: global variables are not supported in MiniC (declare 'pt' inside a function)
  rejected.c:8:1: error: type 'enum' is not supported: MiniC has only int
  rejected.c:9:1: error: 'typedef' is not supported in MiniC
  rejected.c:11:5: error: type 'struct' is not supported: MiniC has only int
  rejected.c:12:5: error: type 'enum' is not supported: MiniC has only int
  rejected.c:13:5: error: type 'union' is not supported: MiniC has only int
  rejected.c:14:9: error: array 'a' needs an initializer, as in 'int a[4] = {0};': C would leave its elements indeterminate
  rejected.c:15:9: error: pointers are not supported in MiniC (only buffer parameters 'int *NAME')
  rejected.c:17:55: error: 'undeclared' is not declared

A pointer-returning function is still told that functions return int:

  $ printf 'int *f(int n) {\n    return n;\n}\n' > $CRAMTMP/ptrfun.c
  $ cd $CRAMTMP && minicc parse ptrfun.c
  ptrfun.c:1:5: error: functions return int or void in MiniC, not a pointer
    int *f(int n) {
        ^
  [2]

The `++`/`--` hint names the operator and its operand as written:

  $ cat > $CRAMTMP/incdec.c <<'C'
  > int f(int a[], int n) {
  >     int x = n--;
  >     int y = --n;
  >     int z = a[n + 1]++;
  >     int w = ++a[0];
  >     return x + y + z + w;
  > }
  > C
  $ cd $CRAMTMP && minicc parse incdec.c 2>&1 | grep error
  incdec.c:2:14: error: '--' is a statement in MiniC, not an expression (write 'n--;' on its own)
  incdec.c:3:13: error: '--' is a statement in MiniC, not an expression (write '--n;' on its own)
  incdec.c:4:21: error: '++' is a statement in MiniC, not an expression (write 'a[n + 1]++;' on its own)
  incdec.c:5:13: error: '++' is a statement in MiniC, not an expression (write '++a[0];' on its own)

Buffers are one-dimensional: a second index says so, read or written:

  $ printf 'int f(int a[], int n) {\n    a[0][1] = n;\n    return a[n][0];\n}\n' > $CRAMTMP/twodim.c
  $ cd $CRAMTMP && minicc parse twodim.c
  twodim.c:2:9: error: only one index: buffers are one-dimensional (index a flat buffer, as in a[i * n + j])
        a[0][1] = n;
            ^
  twodim.c:3:16: error: only one index: buffers are one-dimensional (index a flat buffer, as in a[i * n + j])
        return a[n][0];
                   ^
  [2]

A NUL byte is an error wherever it is in MiniC, comments included, named
U+0000 as the IR parser names it (a control character likewise; the IR
parser takes a NUL inside a `#` comment as part of the comment):

  $ printf 'int f(int n) { /* a\0b */ return n; }\n' > $CRAMTMP/nul1.c
  $ printf 'int f(int n) { // a\0b\n    return n;\001 }\n' > $CRAMTMP/nul2.c
  $ printf 'int f(int n) { return n;\0 }\n' > $CRAMTMP/nul3.c
  $ cd $CRAMTMP && minicc parse nul1.c 2>&1 | grep error; minicc parse nul2.c 2>&1 | grep error; minicc parse nul3.c 2>&1 | grep error
  nul1.c:1:20: error: unexpected character U+0000 in a comment
  nul2.c:1:20: error: unexpected character U+0000 in a comment
  nul2.c:2:14: error: unexpected character U+0001
  nul3.c:1:25: error: unexpected character U+0000

A backslash at the end of a line splices it to the next, as in C (inside a
name, an operator, a `//` comment); positions stay those of the file. A
backslash anywhere else says where it may stand:

  $ printf 'int f(int n) {\n    int x = n + \\\n        1;\n    int va\\\nl = x \\\n* 2;\n    // a comment \\\n    continued, so this is no statement\n    x +\\\n= val;\n    return x;\n}\n' > $CRAMTMP/splice.c
  $ cd $CRAMTMP && minicc run splice.c -- 3 && minicc print splice.c
  return 12
  func f(i32 n) {
  entry:
      x = add n, 1                  # line 2
      val = mul x, 2                # line 6
      x = add x, val                # line 9
      return x                      # line 11
  }
  $ printf 'int f(int n) {\n    int val\\\nue;\n    if (n) value = 1;\n    return val\\\nue;\n}\n' > $CRAMTMP/splice2.c
  $ cd $CRAMTMP && minicc parse splice2.c
  splice2.c:5:12: error: 'value' may be used before it is assigned (not assigned on every path to here)
        return val\
               ^
  [2]
  $ printf 'int f(int n) {\n    return n \\ + 1;\n}\n' > $CRAMTMP/stray.c
  $ cd $CRAMTMP && minicc parse stray.c 2>&1 | head -3
  stray.c:2:14: error: stray '\' (a backslash continues a line only as the line's last character)
        return n \ + 1;
                 ^
