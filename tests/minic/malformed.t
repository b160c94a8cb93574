Malformed MiniC: every mistake is reported as FILE:LINE:COL: error: MESSAGE
with the line and a caret, on the line where it is, and the command exits 2.
Each file in bad/ holds one mistake (many_errors.c several: the parser
recovers at the end of a statement and reports them all).

  $ minicc parse bad/address.c
  bad/address.c:3:9: error: taking an address with '&' is not supported: MiniC has no pointers
        x = &n;
            ^
  [2]
  $ minicc parse bad/assign_chain.c
  bad/assign_chain.c:3:11: error: assignment is a statement in MiniC, not an expression: '=' cannot be used here (write 'x = y = 0' as two assignments)
        x = y = 0;
              ^
  [2]
  $ minicc parse bad/assign_in_cond.c
  bad/assign_in_cond.c:3:11: error: assignment is a statement in MiniC, not an expression: '=' cannot be used here (write 'x = y = 0' as two assignments)
        if (x = n) return 1;
              ^
  [2]
  $ minicc parse bad/break_outside.c
  bad/break_outside.c:2:12: error: 'break' outside a loop
        if (n) break;
               ^
  [2]
  $ minicc parse bad/buffer_assigned.c
  bad/buffer_assigned.c:2:5: error: 'a' is a buffer: assign to its elements, as in a[i] = ...
        a = n;
        ^
  [2]
  $ minicc parse bad/buffer_unindexed.c
  bad/buffer_unindexed.c:2:12: error: 'a' is a buffer: it can only be indexed, as in a[i], or passed to a call
        return a + n;
               ^
  [2]
  $ minicc parse bad/call.c
  bad/call.c:2:12: error: call of undeclared function 'g': it is defined below, at line 4; declare it before the call with a prototype (C has no implicit declarations)
        return g(n) + 1;
               ^
  [2]
  $ minicc parse bad/call_stmt.c
  bad/call_stmt.c:2:5: error: call of undeclared function 'print' (declare or define it before the call; C has no implicit declarations)
        print(n);
        ^
  [2]
  $ minicc parse bad/cast.c
  bad/cast.c:2:12: error: casts are not supported in MiniC
        return (int)n;
               ^
  [2]
  $ minicc parse bad/char_const.c
  bad/char_const.c:2:16: error: character constants are not supported in MiniC (write the number)
        return n + 'a';
                   ^
  [2]
  $ minicc parse bad/comma_paren.c
  bad/comma_paren.c:2:14: error: expected ')' before ','; the comma operator is not supported in MiniC (only between declarations and in for (...) headers)
        return (n, 1);
                 ^
  [2]
  $ minicc parse bad/comma_stmt.c
  bad/comma_stmt.c:3:10: error: expected ';' before ','; the comma operator is not supported in MiniC (only between declarations and in for (...) headers)
        x = 1, n = 2;
             ^
  [2]
  $ minicc parse bad/compound_in_expr.c
  bad/compound_in_expr.c:3:16: error: assignment is a statement in MiniC, not an expression: '+=' cannot be used here (write 'x = y = 0' as two assignments)
        int y = (x += n);
                   ^
  [2]
  $ minicc parse bad/continue_outside.c
  bad/continue_outside.c:2:5: error: 'continue' outside a loop
        continue;
        ^
  [2]
  $ minicc parse bad/define.c
  bad/define.c:1:1: error: preprocessor line '#define' is not supported: MiniC has no preprocessor
    #define N 10
    ^
  [2]
  $ minicc parse bad/deref.c
  bad/deref.c:2:12: error: '*' (dereference) is not supported: MiniC has no pointers; index a buffer parameter instead (a[i])
        return *p;
               ^
  [2]
  $ minicc parse bad/double_pointer.c
  bad/double_pointer.c:1:12: error: pointers to pointers are not supported in MiniC
    int f(int **p) {
               ^
  [2]
  $ minicc parse bad/duplicate_function.c
  bad/duplicate_function.c:3:5: error: function 'f' is defined twice (first at line 1)
    int f(int m) { return m; }
        ^
  [2]
  $ minicc parse bad/else_without_if.c
  bad/else_without_if.c:2:5: error: 'else' without a matching 'if'
        else n = 1;
        ^
  [2]
  $ minicc parse bad/empty.c
  bad/empty.c:1:1: error: expected a function ('int NAME(...) { ... }'), got end of file
    
    ^
  [2]
  $ minicc parse bad/expression_statement.c
  bad/expression_statement.c:2:7: error: expected '=', a compound assignment, '++' or '--' after the variable, got '+' (MiniC has no expression statements)
        n + 1;
          ^
  [2]
  $ minicc parse bad/float.c
  bad/float.c:2:16: error: floating-point numbers are not supported: MiniC has only int: '1.5'
        return n * 1.5;
                   ^
  [2]
  $ minicc parse bad/global.c
  bad/global.c:2:5: error: global variables are not supported in MiniC (declare 'counter' inside a function)
    int counter = 0;
        ^
  [2]
  $ minicc parse bad/goto.c
  bad/goto.c:2:1: error: labels are not supported in MiniC ('goto' is not either)
    again:
    ^
  bad/goto.c:4:12: error: 'goto' is not supported in MiniC (use loops, break and continue)
        if (n) goto again;
               ^
  [2]
  $ minicc parse bad/hex_range.c
  bad/hex_range.c:2:13: error: integer literal 0x80000000 is out of range (at most 2147483647; -2147483648 is accepted)
        return -0x80000000;
                ^
  [2]
  $ minicc parse bad/index_postinc.c
  bad/index_postinc.c:3:8: error: '++' is a statement in MiniC, not an expression (write 'i++;' on its own)
        a[i++] = n;
           ^
  [2]
  $ minicc parse bad/literal_range.c
  bad/literal_range.c:2:16: error: integer literal 2147483648 is out of range (at most 2147483647; -2147483648 is accepted)
        return n + 2147483648;
                   ^
  [2]
  $ minicc parse bad/local_array.c
  bad/local_array.c:2:9: error: array 'a' needs an initializer, as in 'int a[10] = {0};': C would leave its elements indeterminate
        int a[10];
            ^
  [2]
  $ minicc parse bad/many_errors.c
  bad/many_errors.c:2:14: error: expected ';' after '1'
        int x = 1
                 ^
  bad/many_errors.c:4:14: error: unexpected character '@'
        return x @ 1;
                 ^
  bad/many_errors.c:7:12: error: string literals are not supported in MiniC
        a[0] = "s";
               ^
  bad/many_errors.c:8:12: error: 'a' is a buffer: it can only be indexed, as in a[i], or passed to a call
        return a;
               ^
  [2]
  $ minicc parse bad/member.c
  bad/member.c:2:13: error: member access '.' is not supported in MiniC (no structs)
        return n.x;
                ^
  [2]
  $ minicc parse bad/missing_brace.c
  bad/missing_brace.c:2:14: error: expected '}' before end of file
        return n;
                 ^
  [2]
  $ minicc parse bad/missing_paren.c
  bad/missing_paren.c:2:15: error: expected ')' before 'return'
        if (n > 0 return 1;
                  ^
  [2]
  $ minicc parse bad/missing_return.c
  bad/missing_return.c:4:1: error: control reaches the end of 'f' without a 'return'
    }
    ^
  [2]
  $ minicc parse bad/missing_return_break.c
  bad/missing_return_break.c:6:1: error: control reaches the end of 'f' without a 'return'
    }
    ^
  [2]
  $ minicc parse bad/missing_return_while.c
  bad/missing_return_while.c:5:1: error: control reaches the end of 'f' without a 'return'
    }
    ^
  [2]
  $ minicc parse bad/missing_semicolon.c
  bad/missing_semicolon.c:2:14: error: expected ';' after 'n'
        int x = n
                 ^
  [2]
  $ minicc parse bad/nested_function.c
  bad/nested_function.c:2:9: error: a function cannot be declared inside another in MiniC
        int g(int m);
            ^
  [2]
  $ minicc parse bad/octal.c
  bad/octal.c:2:16: error: octal literals are not supported in MiniC (write the number in decimal): '017'
        return n + 017;
                   ^
  [2]
  $ minicc parse bad/param_redeclared.c
  bad/param_redeclared.c:2:9: error: redeclaration of 'n' (declared before at line 1)
        int n = 2;
            ^
  [2]
  $ minicc parse bad/param_size.c
  bad/param_size.c:1:13: error: a buffer parameter has no size in MiniC: write 'int a[]'
    int f(int a[10]) {
                ^
  [2]
  $ minicc parse bad/pointer_local.c
  bad/pointer_local.c:2:9: error: pointers are not supported in MiniC (only buffer parameters 'int *NAME')
        int *p;
            ^
  [2]
  $ minicc parse bad/postinc_expr.c
  bad/postinc_expr.c:3:14: error: '++' is a statement in MiniC, not an expression (write 'x++;' on its own)
        int y = x++;
                 ^
  [2]
  $ minicc parse bad/preinc_expr.c
  bad/preinc_expr.c:2:12: error: '++' is a statement in MiniC, not an expression (write '++n;' on its own)
        return ++n;
               ^
  [2]
  $ minicc parse bad/preprocessor.c
  bad/preprocessor.c:2:1: error: preprocessor line '#include' is not supported: MiniC has no preprocessor
    #include <stdio.h>
    ^
  [2]
  $ minicc parse bad/read_before_assign.c
  bad/read_before_assign.c:5:12: error: 'x' may be used before it is assigned (not assigned on every path to here)
        return x;
               ^
  [2]
  $ minicc parse bad/read_before_assign_shadow.c
  bad/read_before_assign_shadow.c:5:13: error: 'x' is used but never assigned
            n = x + n;
                ^
  [2]
  $ minicc parse bad/read_own_init.c
  bad/read_own_init.c:2:13: error: 'x' may be used before it is assigned (not assigned on every path to here)
        int x = x + 1;
                ^
  [2]
  $ minicc parse bad/redeclared.c
  bad/redeclared.c:3:9: error: redeclaration of 'x' (declared before at line 2)
        int x = 2;
            ^
  [2]
  $ minicc parse bad/return_void.c
  bad/return_void.c:2:5: error: 'return' needs a value: 'f' returns int
        return;
        ^
  [2]
  $ minicc parse bad/scalar_indexed.c
  bad/scalar_indexed.c:2:12: error: 'n' is not a buffer: only buffers (parameters 'int NAME[]' or 'int *NAME', local arrays) can be indexed
        return n[0];
               ^
  [2]
  $ minicc parse bad/sizeof.c
  bad/sizeof.c:2:12: error: 'sizeof' is not supported in MiniC
        return sizeof n;
               ^
  [2]
  $ minicc parse bad/static_local.c
  bad/static_local.c:2:5: error: 'static' is not supported in MiniC
        static int calls = 0;
        ^
  [2]
  $ minicc parse bad/stray_char.c
  bad/stray_char.c:2:14: error: unexpected character '@'
        return n @ 2;
                 ^
  [2]
  $ minicc parse bad/string.c
  bad/string.c:2:13: error: string literals are not supported in MiniC
        int s = "hello";
                ^
  [2]
  $ minicc parse bad/struct.c
  bad/struct.c:1:1: error: type 'struct' is not supported: MiniC has only int
    struct point { int x; int y; };
    ^
  [2]
  $ minicc parse bad/suffix.c
  bad/suffix.c:2:16: error: integer suffixes are not supported in MiniC: '10L'
        return n + 10L;
                   ^
  [2]
  $ minicc parse bad/switch.c
  bad/switch.c:2:5: error: 'switch' is not supported in MiniC (use if and else)
        switch (n) { case 1: return 2; default: return 3; }
        ^
  [2]
  $ minicc parse bad/ternary_colon.c
  bad/ternary_colon.c:2:18: error: expected ':' before '2'
        return n ? 1 2;
                     ^
  [2]
  $ minicc parse bad/type_char.c
  bad/type_char.c:2:5: error: type 'char' is not supported: MiniC has only int
        char c = 1;
        ^
  [2]
  $ minicc parse bad/type_unsigned.c
  bad/type_unsigned.c:2:5: error: type 'unsigned' is not supported: MiniC has only int
        unsigned u = 1;
        ^
  [2]
  $ minicc parse bad/undeclared.c
  bad/undeclared.c:2:12: error: 'm' is not declared
        return m;
               ^
  [2]
  $ minicc parse bad/unterminated_comment.c
  bad/unterminated_comment.c:2:15: error: unterminated comment: '/*' without '*/'
        return n; /* the end
                  ^
  [2]
  $ minicc parse bad/void_function.c
  bad/void_function.c:2:12: error: 'f' returns void: 'return' takes no value here
        return n;
               ^
  [2]
