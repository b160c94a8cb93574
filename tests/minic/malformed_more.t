More malformed MiniC (issue 19 §4), beside malformed.t: literals out of
range in every spelling, comments that never end (and one that ends twice),
assignment, ++ and -- used as expressions in every position, a reachable
end of function without return in every construct, reads before assignment
in every position, syntax errors of each class and unsupported C features.
Each file holds one mistake: its diagnostic names the line where it is, the
command exits 2.

  $ minicc parse bad_more/arrow.c
  bad_more/arrow.c:2:13: error: member access '->' is not supported in MiniC (no structs)
        return n->x;
                ^
  [2]
  $ minicc parse bad_more/assign_chain_compound.c
  bad_more/assign_chain_compound.c:3:11: error: assignment is a statement in MiniC, not an expression: '+=' cannot be used here (write 'x = y = 0' as two assignments)
        x = y += n;
              ^
  [2]
  $ minicc parse bad_more/assign_in_return.c
  bad_more/assign_in_return.c:3:14: error: assignment is a statement in MiniC, not an expression: '=' cannot be used here (write 'x = y = 0' as two assignments)
        return x = n;
                 ^
  [2]
  $ minicc parse bad_more/assign_in_while.c
  bad_more/assign_in_while.c:2:15: error: assignment is a statement in MiniC, not an expression: '=' cannot be used here (write 'x = y = 0' as two assignments)
        while ((n = n - 1) > 0) {
                  ^
  [2]
  $ minicc parse bad_more/case_outside.c
  bad_more/case_outside.c:2:5: error: 'case' is not supported in MiniC (use if and else)
        case 1: return n;
        ^
  [2]
  $ minicc parse bad_more/colon_without_question.c
  bad_more/colon_without_question.c:2:14: error: expected ';' before ':'
        return n : 1;
                 ^
  [2]
  $ minicc parse bad_more/comment_close_stray.c
  bad_more/comment_close_stray.c:2:15: error: '*' (dereference) is not supported: MiniC has no pointers; index a buffer parameter instead (a[i])
        return n; */
                  ^
  [2]
  $ minicc parse bad_more/comment_unterminated_first_line.c
  bad_more/comment_unterminated_first_line.c:1:1: error: unterminated comment: '/*' without '*/'
    /* a comment that never ends
    ^
  [2]
  $ minicc parse bad_more/comment_unterminated_in_expr.c
  bad_more/comment_unterminated_in_expr.c:2:15: error: unterminated comment: '/*' without '*/'
        int x = n /* half
                  ^
  [2]
  $ minicc parse bad_more/compound_in_for_cond.c
  bad_more/compound_in_for_cond.c:3:24: error: assignment is a statement in MiniC, not an expression: '+=' cannot be used here (write 'x = y = 0' as two assignments)
        for (int i = 0; (i += 1) < n; ) s++;
                           ^
  bad_more/compound_in_for_cond.c:3:35: error: expected a statement before ')'
        for (int i = 0; (i += 1) < n; ) s++;
                                      ^
  [2]
  $ minicc parse bad_more/digit_name.c
  bad_more/digit_name.c:2:9: error: malformed number '3x'
        int 3x = n;
            ^
  [2]
  $ minicc parse bad_more/do_without_while.c
  bad_more/do_without_while.c:5:5: error: expected 'while' after the body of 'do' before 'return'
        return n;
        ^
  [2]
  $ minicc parse bad_more/else_after_semicolon.c
  bad_more/else_after_semicolon.c:3:5: error: 'else' without a matching 'if'
        else return 2;
        ^
  [2]
  $ minicc parse bad_more/empty_index.c
  bad_more/empty_index.c:2:14: error: expected an expression before ']'
        return a[] + n;
                 ^
  [2]
  $ minicc parse bad_more/enum.c
  bad_more/enum.c:1:1: error: type 'enum' is not supported: MiniC has only int
    enum color { RED };
    ^
  [2]
  $ minicc parse bad_more/extern.c
  bad_more/extern.c:1:12: error: global variables are not supported in MiniC (declare 'g' inside a function)
    extern int g;
               ^
  [2]
  $ minicc parse bad_more/for_missing_semicolon.c
  bad_more/for_missing_semicolon.c:3:26: error: expected ';' before ')'
        for (int i = 0; i < n) s++;
                             ^
  [2]
  $ minicc parse bad_more/hex_big.c
  bad_more/hex_big.c:2:16: error: integer literal 0x100000000 is out of range (at most 2147483647; -2147483648 is accepted)
        return n & 0x100000000;
                   ^
  [2]
  $ minicc parse bad_more/include_mid.c
  bad_more/include_mid.c:2:1: error: preprocessor line '#include' is not supported: MiniC has no preprocessor
    #include <stdio.h>
    ^
  [2]
  $ minicc parse bad_more/index_postinc_read.c
  bad_more/index_postinc_read.c:3:16: error: '++' is a statement in MiniC, not an expression (write 'i++;' on its own)
        int x = a[i++];
                   ^
  [2]
  $ minicc parse bad_more/index_predec.c
  bad_more/index_predec.c:3:7: error: '--' is a statement in MiniC, not an expression (write '--i;' on its own)
        a[--i] = n;
          ^
  [2]
  $ minicc parse bad_more/junk_after_function.c
  bad_more/junk_after_function.c:4:1: error: expected a function ('int NAME(...) { ... }') before 'return'
    return 0;
    ^
  [2]
  $ minicc parse bad_more/keyword_as_name.c
  bad_more/keyword_as_name.c:2:9: error: expected a variable name, got the keyword 'while'
        int while = n;
            ^
  [2]
  $ minicc parse bad_more/label.c
  bad_more/label.c:2:1: error: labels are not supported in MiniC ('goto' is not either)
    again:
    ^
  [2]
  $ minicc parse bad_more/literal_big.c
  bad_more/literal_big.c:2:13: error: integer literal 99999999999 is out of range (at most 2147483647; -2147483648 is accepted)
        int x = 99999999999;
                ^
  [2]
  $ minicc parse bad_more/literal_float_exp.c
  bad_more/literal_float_exp.c:2:16: error: floating-point numbers are not supported: MiniC has only int: '1e3'
        return n * 1e3;
                   ^
  [2]
  $ minicc parse bad_more/literal_neg_range.c
  bad_more/literal_neg_range.c:2:17: error: integer literal 2147483649 is out of range (at most 2147483647; -2147483648 is accepted)
        return n - -2147483649;
                    ^
  [2]
  $ minicc parse bad_more/literal_suffix_l.c
  bad_more/literal_suffix_l.c:2:16: error: integer suffixes are not supported in MiniC: '10L'
        return n + 10L;
                   ^
  [2]
  $ minicc parse bad_more/missing_condition.c
  bad_more/missing_condition.c:2:9: error: expected an expression before ')'
        if () return 1;
            ^
  [2]
  $ minicc parse bad_more/missing_operand.c
  bad_more/missing_operand.c:2:16: error: expected an expression before ';'
        int x = n +;
                   ^
  [2]
  $ minicc parse bad_more/missing_return_do_zero.c
  bad_more/missing_return_do_zero.c:5:1: error: control reaches the end of 'f' without a 'return'
    }
    ^
  [2]
  $ minicc parse bad_more/missing_return_else_branch.c
  bad_more/missing_return_else_branch.c:7:1: error: control reaches the end of 'f' without a 'return'
    }
    ^
  [2]
  $ minicc parse bad_more/missing_return_empty.c
  bad_more/missing_return_empty.c:2:1: error: control reaches the end of 'f' without a 'return'
    }
    ^
  [2]
  $ minicc parse bad_more/missing_return_for_cond.c
  bad_more/missing_return_for_cond.c:5:1: error: control reaches the end of 'f' without a 'return'
    }
    ^
  [2]
  $ minicc parse bad_more/missing_return_while_break_nested.c
  bad_more/missing_return_while_break_nested.c:8:1: error: control reaches the end of 'f' without a 'return'
    }
    ^
  [2]
  $ minicc parse bad_more/missing_return_while_var.c
  bad_more/missing_return_while_var.c:5:1: error: control reaches the end of 'f' without a 'return'
    }
    ^
  [2]
  $ minicc parse bad_more/param_trailing_comma.c
  bad_more/param_trailing_comma.c:1:13: error: expected a parameter ('int NAME', 'int NAME[]' or 'int *NAME') before ')'
    int f(int n,) {
                ^
  [2]
  $ minicc parse bad_more/param_without_name.c
  bad_more/param_without_name.c:1:10: error: parameter 1 of 'f' has no name (a definition names its parameters)
    int f(int) {
             ^
  [2]
  $ minicc parse bad_more/postinc_in_call_position.c
  bad_more/postinc_in_call_position.c:3:10: error: '++' is a statement in MiniC, not an expression (write 'n++;' on its own)
        x = n++ + 1;
             ^
  [2]
An unsupported declaration is reported once: the names it declares are
not reported again where they are used (a name nobody declared still is).

  $ minicc parse bad_more/unsupported_decls.c
  bad_more/unsupported_decls.c:2:3: error: type 'unsigned' is not supported: MiniC has only int
      unsigned x = 1, y;
      ^
  bad_more/unsupported_decls.c:3:3: error: 'static' is not supported in MiniC
      static int *q;
      ^
  bad_more/unsupported_decls.c:4:18: error: 'zz' is not declared
      y = x + q[0] + zz;
                     ^
  [2]
  $ minicc parse bad_more/qualifier_const.c
  bad_more/qualifier_const.c:2:5: error: 'const' is not supported in MiniC
        const int x = n;
        ^
  [2]
  $ minicc parse bad_more/read_uninit_compound.c
  bad_more/read_uninit_compound.c:3:5: error: 'x' may be used before it is assigned (not assigned on every path to here)
        x += n;
        ^
  [2]
  $ minicc parse bad_more/read_uninit_condition.c
  bad_more/read_uninit_condition.c:3:9: error: 'x' is used but never assigned
        if (x > n) return 1;
            ^
  [2]
  $ minicc parse bad_more/read_uninit_incr.c
  bad_more/read_uninit_incr.c:3:5: error: 'x' may be used before it is assigned (not assigned on every path to here)
        x++;
        ^
  [2]
  $ minicc parse bad_more/read_uninit_index.c
  bad_more/read_uninit_index.c:3:7: error: 'i' is used but never assigned
        a[i] = n;
          ^
  [2]
  $ minicc parse bad_more/read_uninit_loop_body.c
  bad_more/read_uninit_loop_body.c:7:12: error: 'x' may be used before it is assigned (not assigned on every path to here)
        return x;
               ^
  [2]
  $ minicc parse bad_more/read_uninit_shortcircuit.c
  bad_more/read_uninit_shortcircuit.c:4:18: error: 'x' may be used before it is assigned (not assigned on every path to here)
        if (n > 0 && x) return 1;
                     ^
  [2]
  $ minicc parse bad_more/read_uninit_ternary.c
  bad_more/read_uninit_ternary.c:4:20: error: 'x' may be used before it is assigned (not assigned on every path to here)
        return n ? 1 : x;
                       ^
  [2]
  $ minicc parse bad_more/stray_close_paren.c
  bad_more/stray_close_paren.c:2:17: error: expected ';' before ')'
        return n + 1);
                    ^
  [2]
  $ minicc parse bad_more/string_in_return.c
  bad_more/string_in_return.c:2:12: error: string literals are not supported in MiniC
        return "n";
               ^
  [2]
  $ minicc parse bad_more/type_double.c
  bad_more/type_double.c:2:5: error: type 'double' is not supported: MiniC has only int
        double d = 1;
        ^
  [2]
  $ minicc parse bad_more/type_long.c
  bad_more/type_long.c:2:5: error: type 'long' is not supported: MiniC has only int
        long x = n;
        ^
  [2]
  $ minicc parse bad_more/typedef.c
  bad_more/typedef.c:1:1: error: 'typedef' is not supported in MiniC
    typedef int word;
    ^
  [2]
  $ minicc parse bad_more/unbalanced_paren.c
  bad_more/unbalanced_paren.c:2:20: error: expected ')' before ';'
        return ((n + 1);
                       ^
  [2]
  $ minicc parse bad_more/unclosed_function.c
  bad_more/unclosed_function.c:5:14: error: expected '}' before end of file
        return 0;
                 ^
  [2]
  $ minicc parse bad_more/union.c
  bad_more/union.c:2:5: error: type 'union' is not supported: MiniC has only int
        union u { int a; } v;
        ^
  [2]
