Names in MiniC (issue 26 §2): any identifier that is not a C keyword names
a function, a parameter or a variable, of any length. A word of the IR
(`add`, `load`, `func`, ...) is `$add` in the lowered IR, and users see
the C name: `--func add` finds it, results, buffers, the prompt.

Every word of the IR names a function, its parameter and a local variable:

  $ for w in func i32 buf phi add sub mul lt le eq ne and or xor shl shr div rem copy load store jump branch; do
  >   echo "int $w(int $w) { int x = $w + 1; return x; }"; done > $CRAMTMP/words.c
  $ cd $CRAMTMP && for w in func i32 buf phi add sub mul lt le eq ne and or xor shl shr div rem copy load store jump branch; do
  >   printf '%s: ' $w; minicc run words.c --func $w -- 41; done
  func: return 42
  i32: return 42
  buf: return 42
  phi: return 42
  add: return 42
  sub: return 42
  mul: return 42
  lt: return 42
  le: return 42
  eq: return 42
  ne: return 42
  and: return 42
  or: return 42
  xor: return 42
  shl: return 42
  shr: return 42
  div: return 42
  rem: return 42
  copy: return 42
  load: return 42
  store: return 42
  jump: return 42
  branch: return 42

The lowered IR renames them (printed IR reads back as IR), every stage
agrees, and a wrong --func lists the C names:

  $ cd $CRAMTMP && minicc print words.c --func add
  func $add(i32 $add) {
  entry:
      x = add $add, 1               # line 5
      return x                      # line 5
  }
  $ cd $CRAMTMP && minicc print words.c --func lt > lt.ir && minicc run lt.ir -- 1
  return 2
  $ cd $CRAMTMP && minicc check words.c --func sub -- 1 | tail -1
  agree
  $ cd $CRAMTMP && minicc run words.c --func nope -- 1 2>&1 | cut -c1-75
  minicc run: error: no function named 'nope' (available: func, i32, buf, phi

A buffer parameter named after an IR word is shown by its C name in every
place a user sees it: run, check, argument errors, the prompt.

  $ cat > $CRAMTMP/buf.c <<'C'
  > int store(int load[], int add) { load[0] = add; return add; }
  > C
  $ cd $CRAMTMP && minicc run buf.c -- '[1,2]' 5
  return 5
  load = [5, 2]
  $ cd $CRAMTMP && minicc check buf.c -- '[1,2]' 5 | head -2
  input       return 5; load = [5, 2]
  ssa         return 5; load = [5, 2]
  $ cd $CRAMTMP && minicc run buf.c -- '[1,x]' 5
  minicc run: error: argument 1 (load): malformed list '[1,x]': 'x' is not an integer
  [2]
  $ cd $CRAMTMP && minicc -c 'load buf.c; args [1,2] 3; start; print load add; values'
  loaded buf.c: 1 function
  $store(buf $load, i32 $add): mutable form, 1 block
  args: [1, 2] 3
  started store (input) with args [1, 2] 3
  at the start: about to enter entry
  load = [1, 2]
  add = 3
  load = [1, 2]
  add  = 3

Names of 255 characters (the spec's minimum; C guarantees 63) and of 1000
work for functions, buffers and variables, at every stage:

  $ n255=$(printf 'v%.0s' $(seq 255)); n1000=$(printf 'w%.0s' $(seq 1000)); f255=$(printf 'f%.0s' $(seq 255))
  > printf "int $f255(int $n255[], int $n1000) { int ${n1000}x = $n1000 + 1; $n255[0] = ${n1000}x; return ${n1000}x; }\n" > $CRAMTMP/long.c
  > cd $CRAMTMP && minicc check long.c -- '[0]' 41 | tail -1
  > minicc run long.c --func $f255 -- '[0]' 41 | awk '{ print length($0) }'
  agree
  9
  262

The workbench shows the C names too: the values pane's buffer, the log and
the status bar (the IR pane shows the IR, `$store`):

  $ cd $CRAMTMP && minicc --tui-script 'c' --size 100x30 buf.c '[1,2]' 3 | grep -o ' load = \[\*3, 2\]\|showing [$a-z]*\|^ [$a-z]* | stage'
   load = [*3, 2]
  showing store
   store | stage
