Calls, recursion, prototypes, void functions and local arrays (docs/minic.md
§5). The programs in calls/ run at stage input (every stage once SSA takes
calls); each program in bad_calls/ holds one mistake, reported at the call or
the declaration as FILE:LINE:COL: error: MESSAGE with the line and a caret.

A function calls itself, and two call each other through a prototype:
top(10) = fib(10) * 10 + even(10) = 551.

  $ minicc run calls/recursion.c --func top 10
  return 551
  $ minicc run calls/recursion.c --func odd 7
  return 1

A local array is a `buffer` and stores for the elements given (a constant 0
needs none: the buffer starts with zeros); passed to a call, the callee's
stores are the caller's; a void function returns 0 in the IR.

  $ minicc run calls/buffers.c --func top 3
  return 30306
  $ minicc print calls/buffers.c --func put
  func put(buf a, i32 i, i32 v) {
  entry:
      lt.L6 = lt i, 0               # line 6
      branch lt.L6, then.L6, end.L6  # line 6
  then.L6:
      return 0                      # line 6
  end.L6:
      store a, i, v                 # line 7
      return 0                      # line 8
  }
  $ minicc print calls/buffers.c --func top | head -12
  func top(i32 n) {
  entry:
      a = buffer 8                  # line 21
      store a, 0, 1                 # line 21
      store a, 1, 2                 # line 21
      call fill(a, n, 100)          # line 22
      call put(a, -1, 7)            # line 23
      t = copy 0                    # line 24
      k = copy 0                    # line 25
      jump for.L25                  # line 25
  for.L25:
      lt.L25 = lt k, 3              # line 25

`check` runs them at every stage that takes calls (a stage that does not yet
says so, and is not counted against the others):

  $ for a in "recursion.c --func top 10" "recursion.c --func depth 500" "buffers.c --func top 3" "words.c --func call 5" "order.c --func top"; do minicc check calls/$a | tail -1; done
  agree
  agree
  agree
  agree
  agree

Arguments are evaluated left to right, then the call:

  $ minicc run calls/order.c --func top
  return 19

Functions and arrays may be named after words of the IR; the IR renames
them, the user sees the C names.

  $ minicc run calls/words.c --func call 5
  return 15
  $ minicc print calls/words.c | grep call
  func $call(i32 n) {
      load.L9 = call $load($buffer, 2)  # line 9

The lowered IR reads back as IR and computes the same:

  $ minicc print calls/recursion.c > $CRAMTMP/r.ir && minicc run $CRAMTMP/r.ir --func top 10
  return 551

A frame per call: recursion past the call depth limit traps, and the step
budget counts the blocks of every frame, as in the IR.

  $ minicc run calls/recursion.c --func depth 9000
  return 9000
  $ minicc run calls/recursion.c --func depth 20000
  trap: call depth limit exceeded
  [3]
  $ minicc run calls/recursion.c --func depth --max-depth 5 5
  trap: call depth limit exceeded
  [3]
  $ minicc run calls/recursion.c --func fib --max-steps 100 30
  trap: execution step limit exceeded
  note: the step budget is 100 block entries; raise it with --max-steps N
  [3]

  $ minicc parse bad_calls/array_2d.c
  bad_calls/array_2d.c:2:13: error: only one index: arrays are one-dimensional (index a flat array, as in a[i * n + j])
        int a[2][2] = {0};
                ^
  [2]

  $ minicc parse bad_calls/array_length.c
  bad_calls/array_length.c:2:11: error: the length of array 'a' is 0: it must be between 1 and 1048576
        int a[0] = {};
              ^
  bad_calls/array_length.c:3:11: error: the length of array 'b' is 1048577: it must be between 1 and 1048576
        int b[1048577] = {0};
              ^
  [2]

  $ minicc parse bad_calls/array_no_length.c
  bad_calls/array_no_length.c:2:11: error: give the length of array 'a', as in 'int a[4] = {...}' (MiniC needs it written)
        int a[] = {1, 2};
              ^
  [2]

  $ minicc parse bad_calls/array_own_init.c
  bad_calls/array_own_init.c:2:20: error: 'a' is used in its own initializer
        int a[2] = {n, a[0]};
                       ^
  [2]

  $ minicc parse bad_calls/array_too_many.c
  bad_calls/array_too_many.c:2:23: error: too many initializers for array 'a': 3 given, its length is 2
        int a[2] = {1, 2, n};
                          ^
  [2]

  $ minicc parse bad_calls/array_vla.c
  bad_calls/array_vla.c:2:11: error: the length of array 'a' must be an integer constant, as in 'int a[4] = {...}' (MiniC has no variable-length arrays)
        int a[n] = {0};
              ^
  [2]

  $ minicc parse bad_calls/array_without_init.c
  bad_calls/array_without_init.c:2:9: error: array 'a' needs an initializer, as in 'int a[4] = {0};': C would leave its elements indeterminate
        int a[4];
            ^
  [2]

  $ minicc parse bad_calls/buffer_for_int.c
  bad_calls/buffer_for_int.c:3:14: error: argument 1 of 'g' is the buffer 'b', but parameter 1 ('a') is an int
        return g(b);
                 ^
  [2]

  $ minicc parse bad_calls/call_assigned.c
  bad_calls/call_assigned.c:3:7: error: the result of a call cannot be assigned, incremented or decremented: 'g(...)'
        ++g(n);
          ^
  [2]

  $ minicc parse bad_calls/call_through.c
  bad_calls/call_through.c:3:13: error: 'g' is a function: call it, as in g(...) (MiniC has no function pointers)
        return (g)(n);
                ^
  bad_calls/call_through.c:3:15: error: only a function's name can be called in MiniC (no calls through an expression)
        return (g)(n);
                  ^
  [2]

  $ minicc parse bad_calls/conflicting.c
  bad_calls/conflicting.c:3:6: error: conflicting types for 'f': 'void f(int n)' here, 'int f(int n)' at line 1
    void f(int n) { }
         ^
  [2]

  $ minicc parse bad_calls/conflicting_kind.c
  bad_calls/conflicting_kind.c:2:5: error: conflicting types for 'f': 'int f(int a, int n)' here, 'int f(int a[], int n)' at line 1
    int f(int a, int n) { return a + n; }
        ^
  [2]

  $ minicc parse bad_calls/defined_below.c
  bad_calls/defined_below.c:2:12: error: call of undeclared function 'g': it is defined below, at line 4; declare it before the call with a prototype (C has no implicit declarations)
        return g(n);
               ^
  [2]

  $ minicc parse bad_calls/function_as_value.c
  bad_calls/function_as_value.c:3:12: error: 'g' is a function: call it, as in g(...) (MiniC has no function pointers)
        return g + n;
               ^
  [2]

  $ minicc parse bad_calls/int_for_buffer.c
  bad_calls/int_for_buffer.c:3:16: error: argument 1 of 'g' must be a buffer: parameter 1 ('a') is 'int a[]' (pass a buffer parameter or a local array by its name)
        return g(n + 1);
                   ^
  [2]

  $ minicc parse bad_calls/int_return_empty.c
  bad_calls/int_return_empty.c:2:12: error: 'return' needs a value: 'g' returns int
        if (n) return;
               ^
  [2]

  $ minicc parse bad_calls/nested_prototype.c
  bad_calls/nested_prototype.c:2:5: error: a function cannot be declared inside another in MiniC
        void g(int a);
        ^
  [2]

  $ minicc parse bad_calls/never_defined.c
  bad_calls/never_defined.c:3:12: error: 'g' is declared (line 1) but never defined: a MiniC program is one file, so define it there
        return g(n) + g(n + 1);
               ^
  bad_calls/never_defined.c:3:19: error: 'g' is declared (line 1) but never defined: a MiniC program is one file, so define it there
        return g(n) + g(n + 1);
                      ^
  [2]

  $ minicc parse bad_calls/not_a_function.c
  bad_calls/not_a_function.c:3:12: error: 'g' is a variable, not a function: only a function can be called (declared at line 2)
        return g(1);
               ^
  [2]

  $ minicc parse bad_calls/param_function.c
  bad_calls/param_function.c:1:12: error: a parameter cannot be a function in MiniC (no function pointers)
    int f(int g(int)) {
               ^
  [2]

  $ minicc parse bad_calls/redefined.c
  bad_calls/redefined.c:2:5: error: function 'f' is defined twice (first at line 1)
    int f(int n) { return n + 1; }
        ^
  [2]

  $ minicc parse bad_calls/too_few.c
  bad_calls/too_few.c:3:12: error: too few arguments in the call of 'g': 1 given, it takes 2 ('int g(int a, int b)', line 1)
        return g(n);
               ^
  [2]

  $ minicc parse bad_calls/too_many.c
  bad_calls/too_many.c:3:5: error: too many arguments in the call of 'g': 1 given, it takes 0 ('void g(void)', line 1)
        g(n);
        ^
  [2]

  $ minicc parse bad_calls/undeclared.c
  bad_calls/undeclared.c:2:12: error: call of undeclared function 'h' (declare or define it before the call; C has no implicit declarations)
        return h(n) + 1;
               ^
  [2]

  $ minicc parse bad_calls/void_return_value.c
  bad_calls/void_return_value.c:2:12: error: 'g' returns void: 'return' takes no value here
        return a[0];
               ^
  [2]

  $ minicc parse bad_calls/void_value.c
  bad_calls/void_value.c:3:13: error: 'g' returns void: its call cannot be used as a value
        int x = g(b);
                ^
  [2]

  $ minicc parse bad_calls/void_variable.c
  bad_calls/void_variable.c:2:5: error: 'void' is only a function's return type in MiniC (and '(void)', no parameters); variables and parameters are int
        void x;
        ^
  [2]

A callee whose declaration is in error (reported) does not have its calls
checked again, and a prototype must agree with the definition before it:

  $ minicc parse bad_calls/broken_callee.c
  bad_calls/broken_callee.c:1:1: error: 'static' is not supported in MiniC
    static int g(int a, int b) { return a; }
    ^
  [2]

  $ minicc parse bad_calls/prototype_after.c
  bad_calls/prototype_after.c:2:5: error: conflicting types for 'f': 'int f(int a, int b)' here, 'int f(int n)' at line 1
    int f(int a, int b);
        ^
  [2]
