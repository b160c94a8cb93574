Syntax errors in the IR text format: `minicc parse FILE` (here `-`, standard
input) prints each diagnostic as FILE:LINE:COLUMN: error: MESSAGE, followed by the
source line and a caret under the offending token, and exits with status 2.
Structural errors (the verifier's) are in tests/verify; these are the parser's.

An empty file, and one with only comments, have no function.

  $ minicc parse - <<'EOF'
  > 
  > EOF
  <stdin>:1:1: error: unexpected end of file, expected 'func'
    
    ^
  [2]

  $ minicc parse - <<'EOF'
  > # nothing here
  >    # but comments
  > EOF
  <stdin>:1:1: error: unexpected end of file, expected 'func'
    # nothing here
    ^
  [2]

The first token must be `func`.

  $ minicc parse - <<'EOF'
  > fun f() {
  > e:
  >     return 0
  > }
  > EOF
  <stdin>:1:1: error: expected 'func', found 'fun'
    fun f() {
    ^
  [2]

A function needs a name, a parameter list and a body.

  $ minicc parse - <<'EOF'
  > func (i32 n) {
  > e:
  >     return n
  > }
  > EOF
  <stdin>:1:6: error: expected function name after 'func', found '('
    func (i32 n) {
         ^
  [2]

  $ minicc parse - <<'EOF'
  > func f {
  > e:
  >     return 0
  > }
  > EOF
  <stdin>:1:8: error: expected '(' after function name, found '{'
    func f {
           ^
  [2]

  $ minicc parse - <<'EOF'
  > func f(int n) {
  > e:
  >     return n
  > }
  > EOF
  <stdin>:1:8: error: expected parameter type 'i32' or 'buf', found 'int'
    func f(int n) {
           ^
  [2]

  $ minicc parse - <<'EOF'
  > func f(i32 a i32 b) {
  > e:
  >     return a
  > }
  > EOF
  <stdin>:1:14: error: expected ',' or ')' after parameter, found 'i32'
    func f(i32 a i32 b) {
                 ^
  [2]

  $ minicc parse - <<'EOF'
  > func f(i32 n)
  > e:
  >     return n
  > }
  > EOF
  <stdin>:1:14: error: expected '{' after parameter list, found the end of the line
    func f(i32 n)
                 ^
  [2]

  $ minicc parse - <<'EOF'
  > func f() {
  > }
  > EOF
  <stdin>:2:1: error: function 'f' has no blocks
    }
    ^
  [2]

Parameters: no duplicates, no reserved words, not both i32 and buf.

  $ minicc parse - <<'EOF'
  > func f(i32 n, buf n) {
  > e:
  >     return n
  > }
  > EOF
  <stdin>:1:19: error: duplicate parameter 'n'
    func f(i32 n, buf n) {
                      ^
  [2]

  $ minicc parse - <<'EOF'
  > func f(i32 phi) {
  > e:
  >     return 0
  > }
  > EOF
  <stdin>:1:12: error: 'phi' is reserved and cannot be a name
    func f(i32 phi) {
               ^
  [2]

  $ minicc parse - <<'EOF'
  > func load() {
  > e:
  >     return 0
  > }
  > EOF
  <stdin>:1:6: error: 'load' is reserved and cannot be a name
    func load() {
         ^
  [2]

Function names are unique in a file.

  $ minicc parse - <<'EOF'
  > func f() {
  > e:
  >     return 1
  > }
  > 
  > func f() {
  > e:
  >     return 2
  > }
  > EOF
  <stdin>:6:6: error: duplicate function 'f'
    func f() {
         ^
  [2]

Blocks: a label first, unique names, a terminator last, nothing after it.

  $ minicc parse - <<'EOF'
  > func f() {
  >     x = copy 1
  >     return x
  > }
  > EOF
  <stdin>:2:5: error: expected block label, found 'x'
        x = copy 1
        ^
  [2]

  $ minicc parse - <<'EOF'
  > func f() {
  > loop:
  >     jump loop2
  > loop2:
  >     jump loop
  > loop:
  >     return 0
  > }
  > EOF
  <stdin>:6:1: error: duplicate block 'loop'
    loop:
    ^
  [2]

  $ minicc parse - <<'EOF'
  > func f(i32 n) {
  > entry:
  >     x = add n, 1
  > next:
  >     return x
  > }
  > EOF
  <stdin>:4:1: error: expected 'return', 'jump' or 'branch' to end block 'entry', found label 'next'
    next:
    ^
  [2]

  $ minicc parse - <<'EOF'
  > func f(i32 n) {
  > entry:
  >     x = add n, 1
  > }
  > EOF
  <stdin>:4:1: error: expected 'return', 'jump' or 'branch' to end block 'entry', found '}'
    }
    ^
  [2]

  $ minicc parse - <<'EOF'
  > func f(i32 n) {
  > entry:
  >     return n
  >     x = copy 1
  > }
  > EOF
  <stdin>:4:5: error: expected block label or '}' after terminator, found 'x'
        x = copy 1
        ^
  [2]

Missing closing braces.

  $ minicc parse - <<'EOF'
  > func f(i32 n) {
  > entry:
  >     return n
  > EOF
  <stdin>:3:13: error: unexpected end of file, expected '}'
        return n
                ^
  [2]

  $ minicc parse - <<'EOF'
  > func f(i32 n) {
  > entry:
  >     return n
  > 
  > func g() {
  > e:
  >     return 0
  > }
  > EOF
  <stdin>:5:1: error: expected '}' at end of function 'f', found 'func'
    func g() {
    ^
  [2]

A file cut short is one error, not one per construct left open.

  $ printf 'func f(i32 n) {\nentry:\n    x = phi [entry: ' | minicc parse -
  <stdin>:3:20: error: unexpected end of file, expected value after ':'
        x = phi [entry: 
                       ^
  [2]

Instructions.

  $ minicc parse - <<'EOF'
  > func f(i32 n) {
  > entry:
  >     x = addd n, 1
  >     return x
  > }
  > EOF
  <stdin>:3:9: error: unknown opcode 'addd' (did you mean 'add'?)
        x = addd n, 1
            ^
  [2]

  $ minicc parse - <<'EOF'
  > func f(i32 n) {
  > entry:
  >     x = add n foo
  >     return x
  > }
  > EOF
  <stdin>:3:15: error: expected ',' after operand, found 'foo'
        x = add n foo
                  ^
  [2]

  $ minicc parse - <<'EOF'
  > func f(i32 n) {
  > entry:
  >     x = add n,
  >     return x
  > }
  > EOF
  <stdin>:3:15: error: expected operand after ',', found the end of the line
        x = add n,
                  ^
  [2]

  $ minicc parse - <<'EOF'
  > func f(i32 n) {
  > entry:
  >     x = copy
  >     return x
  > }
  > EOF
  <stdin>:3:13: error: expected operand after 'copy', found the end of the line
        x = copy
                ^
  [2]

  $ minicc parse - <<'EOF'
  > func f(i32 n) {
  > entry:
  >     x = 5
  >     return x
  > }
  > EOF
  <stdin>:3:9: error: expected opcode after '=', found '5'
        x = 5
            ^
  [2]

  $ minicc parse - <<'EOF'
  > func f(buf b) {
  > entry:
  >     x = store b, 0, 1
  >     return x
  > }
  > EOF
  <stdin>:3:9: error: 'store' does not produce a value
        x = store b, 0, 1
            ^
  [2]

  $ minicc parse - <<'EOF'
  > func f(i32 n) {
  > entry:
  >     add n, 1
  >     return n
  > }
  > EOF
  <stdin>:3:5: error: 'add' needs a destination (NAME = add ...)
        add n, 1
        ^
  [2]

  $ minicc parse - <<'EOF'
  > func f(i32 n) {
  > entry:
  >     retrun n
  > }
  > EOF
  <stdin>:3:5: error: unknown instruction 'retrun' (did you mean 'return'?)
        retrun n
        ^
  [2]

  $ minicc parse - <<'EOF'
  > func f(i32 n) {
  > entry:
  >     add = copy n
  >     return add
  > }
  > EOF
  <stdin>:3:5: error: 'add' is reserved and cannot be a name
        add = copy n
        ^
  <stdin>:4:12: error: expected value after 'return', found 'add'
        return add
               ^
  [2]

Integers are 32-bit: [-2147483648, 2147483647]. -0 is fine.

  $ minicc parse - <<'EOF'
  > func f() {
  > entry:
  >     x = add 2147483647, -2147483648
  >     y = add x, 2147483648
  >     return y
  > }
  > EOF
  <stdin>:4:16: error: integer 2147483648 out of range for i32
        y = add x, 2147483648
                   ^
  [2]

  $ minicc parse - <<'EOF'
  > func f() {
  > entry:
  >     x = copy -2147483649
  >     return x
  > }
  > EOF
  <stdin>:3:14: error: integer -2147483649 out of range for i32
        x = copy -2147483649
                 ^
  [2]

  $ minicc parse - <<'EOF'
  > func f() {
  > entry:
  >     x = copy 12abc
  >     return x
  > }
  > EOF
  <stdin>:3:14: error: invalid integer '12abc'
        x = copy 12abc
                 ^
  [2]

  $ minicc parse - <<'EOF'
  > func f() {
  > entry:
  >     x = copy - 1
  >     return x
  > }
  > EOF
  <stdin>:3:14: error: expected a digit after '-'
        x = copy - 1
                 ^
  [2]

Characters that start no token.

  $ minicc parse - <<'EOF'
  > func f() {
  > entry:
  >     x = copy 1;
  >     return x
  > }
  > EOF
  <stdin>:3:15: error: invalid character ';'
        x = copy 1;
                  ^
  [2]

  $ minicc parse - <<'EOF'
  > func f() {
  > entry:
  > 	x = copy @1
  > 	return x
  > }
  > EOF
  <stdin>:3:11: error: invalid character '@'
    	x = copy @1
    	         ^
  [2]

Terminators and their targets.

  $ minicc parse - <<'EOF'
  > func f(i32 n) {
  > entry:
  >     jump nowhere
  > }
  > EOF
  <stdin>:3:10: error: unknown block 'nowhere'
        jump nowhere
             ^
  [2]

  $ minicc parse - <<'EOF'
  > func f(i32 n) {
  > entry:
  >     branch n, yes, no
  > yes:
  >     return 1
  > }
  > EOF
  <stdin>:3:20: error: unknown block 'no'
        branch n, yes, no
                       ^
  [2]

  $ minicc parse - <<'EOF'
  > func f(i32 n) {
  > entry:
  >     branch n yes, no
  > yes:
  >     return 1
  > no:
  >     return 0
  > }
  > EOF
  <stdin>:3:14: error: expected ',' after condition, found 'yes'
        branch n yes, no
                 ^
  [2]

  $ minicc parse - <<'EOF'
  > func f(i32 n) {
  > entry:
  >     return
  > }
  > EOF
  <stdin>:3:11: error: expected value after 'return', found the end of the line
        return
              ^
  [2]

Phis.

  $ minicc parse - <<'EOF'
  > func f(i32 n) {
  > entry:
  >     jump h
  > h:
  >     x = phi [entry: 1] [h: 2]
  >     jump h
  > }
  > EOF
  <stdin>:5:24: error: expected ',' between incoming values, found '['
        x = phi [entry: 1] [h: 2]
                           ^
  [2]

  $ minicc parse - <<'EOF'
  > func f(i32 n) {
  > entry:
  >     jump h
  > h:
  >     x = phi [entry 1], [h: x]
  >     jump h
  > }
  > EOF
  <stdin>:5:20: error: expected ':' after block name, found '1'
        x = phi [entry 1], [h: x]
                       ^
  [2]

  $ minicc parse - <<'EOF'
  > func f(i32 n) {
  > entry:
  >     jump h
  > h:
  >     x = phi [entry: 1], [nope: x]
  >     jump h
  > }
  > EOF
  <stdin>:5:26: error: unknown block 'nope'
        x = phi [entry: 1], [nope: x]
                             ^
  [2]

  $ minicc parse - <<'EOF'
  > func f(i32 n) {
  > entry:
  >     jump h
  > h:
  >     y = copy n
  >     x = phi [entry: 1], [h: x]
  >     jump h
  > }
  > EOF
  <stdin>:6:5: error: phi 'x' must come before the instructions of block 'h'
        x = phi [entry: 1], [h: x]
        ^
  [2]

Buffers are only the first operand of load and store, never assigned.

  $ minicc parse - <<'EOF'
  > func f(buf b, i32 n) {
  > entry:
  >     x = add b, n
  >     return x
  > }
  > EOF
  <stdin>:3:13: error: buffer 'b' cannot be used as a scalar
        x = add b, n
                ^
  [2]

  $ minicc parse - <<'EOF'
  > func f(buf b, i32 n) {
  > entry:
  >     x = load n, 0
  >     return x
  > }
  > EOF
  <stdin>:3:14: error: 'n' is not a buffer (a buf parameter, or a local buffer defined above)
        x = load n, 0
                 ^
  [2]

  $ minicc parse - <<'EOF'
  > func f(buf b, i32 n) {
  > entry:
  >     store q, 0, n
  >     return n
  > }
  > EOF
  <stdin>:3:11: error: 'q' is not a buffer (a buf parameter, or a local buffer defined above)
        store q, 0, n
              ^
  [2]

  $ minicc parse - <<'EOF'
  > func f(buf b, i32 n) {
  > entry:
  >     b = copy n
  >     return n
  > }
  > EOF
  <stdin>:3:5: error: cannot assign to buffer 'b'
        b = copy n
        ^
  [2]

  $ minicc parse - <<'EOF'
  > func f(buf b, i32 n) {
  > entry:
  >     store b, 0, b
  >     return b
  > }
  > EOF
  <stdin>:3:17: error: buffer 'b' cannot be used as a scalar
        store b, 0, b
                    ^
  <stdin>:4:12: error: buffer 'b' cannot be used as a scalar
        return b
               ^
  [2]

Several mistakes are reported together, in order.

  $ minicc parse - <<'EOF'
  > func f(i32 n) {
  > entry:
  >     x = addd n, 1
  >     y = add n foo
  >     z = copy 2147483648
  >     w = copy @
  >     jump nowhere
  > }
  > func g() {
  > e:
  >     return q q
  > }
  > EOF
  <stdin>:3:9: error: unknown opcode 'addd' (did you mean 'add'?)
        x = addd n, 1
            ^
  <stdin>:4:15: error: expected ',' after operand, found 'foo'
        y = add n foo
                  ^
  <stdin>:5:14: error: integer 2147483648 out of range for i32
        z = copy 2147483648
                 ^
  <stdin>:6:14: error: invalid character '@'
        w = copy @
                 ^
  <stdin>:7:10: error: unknown block 'nowhere'
        jump nowhere
             ^
  <stdin>:11:14: error: expected block label or '}' after terminator, found 'q'
        return q q
                 ^
  [2]

Diagnostics that help the way a good compiler's do (issue 18): a C comment
names the IR's comment character, a misspelt or foreign opcode gets "did you
mean" (or the list of opcodes), `ret` is `return`, and a statement cut short
is reported at the end of its own line, not on the next.

  $ printf 'func f(i32 n) {\nentry:\n  // twice n\n  /* block */\n  return n\n}\n' | minicc parse -
  <stdin>:3:3: error: invalid character '/' (comments start with '#')
      // twice n
      ^
  <stdin>:4:3: error: invalid character '/' (comments start with '#' and end at the end of the line)
      /* block */
      ^
  [2]
  $ printf 'func f(i32 n) {\nentry:\n  x = mov n\n  y = gt x, 1\n  z = frob x, 1\n  ret z\n}\n' | minicc parse -
  <stdin>:3:7: error: unknown opcode 'mov' (did you mean 'copy'?)
      x = mov n
          ^
  <stdin>:4:7: error: unknown opcode 'gt' (did you mean 'lt' with the operands swapped?)
      y = gt x, 1
          ^
  <stdin>:5:7: error: unknown opcode 'frob' (opcodes: add sub mul lt le eq ne and or xor shl shr div rem copy load call buffer phi)
      z = frob x, 1
          ^
  <stdin>:6:3: error: unknown instruction 'ret' (did you mean 'return'?)
      ret z
      ^
  [2]
  $ printf 'func f(i32 n) {\nentry:\n  branch n, a\na:\n  return n\n}\n' | minicc parse -
  <stdin>:3:14: error: expected ',' and the block for zero (branch COND, NONZERO, ZERO), found the end of the line
      branch n, a
                 ^
  [2]
  $ printf 'func f(i32 n) {\nentry:\n  jmp a\na:\n  st b, 0, n\n  return n\n}\n' | minicc parse -
  <stdin>:3:3: error: unknown instruction 'jmp' (did you mean 'jump'?)
      jmp a
      ^
  <stdin>:5:3: error: unknown instruction 'st' (did you mean 'store'?)
      st b, 0, n
      ^
  [2]
