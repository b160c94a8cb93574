`minicc parse` prints a valid file in canonical form: labels at column 0,
four-space indentation, one space after commas, decimal constants, comments
and blank lines dropped, one blank line between functions.

  $ minicc parse ../ir/wrap.ir
  func wrap(i32 x) {
  entry:
      t1 = add 2147483647, 1
      t2 = sub -2147483648, 1
      t3 = mul 65536, 65536
      t4 = mul -2147483648, -1
      t5 = lt -2147483648, 2147483647
      t6 = le 0, 0
      t7 = eq t1, t4
      t8 = ne t2, 7
      s1 = add t1, t2
      s2 = add s1, t3
      s3 = add s2, t4
      s4 = add s3, t5
      s5 = add s4, t6
      s6 = add s5, t7
      s7 = add s6, t8
      s = add s7, x
      return s
  }

  $ minicc parse - <<'EOF'
  > # squeezed onto few lines; the printer spreads it out
  > func   f ( i32 n ,buf b){entry:x=add n,007 # trailing comment
  > 	store b,-0,x jump  next  next: y=phi[entry:x] return y}func g(){e: return -5}
  > EOF
  func f(i32 n, buf b) {
  entry:
      x = add n, 7
      store b, 0, x
      jump next
  next:
      y = phi [entry: x]
      return y
  }
  
  func g() {
  e:
      return -5
  }

Printing is a fixed point: parsing the canonical text gives the same text.

  $ t=$(mktemp -d); for f in ../ir/*.ir ../../share/minicc/examples/*.ir; do minicc parse $f >$t/a && minicc parse $t/a >$t/b && cmp -s $t/a $t/b || echo "not a fixed point: $f"; done; rm -r $t; echo checked
  checked

Names may use '$' and '.', value and block names live in separate namespaces,
and values may be used above their definition (here in a phi).

  $ minicc parse ../ir/names.ir
  func names(i32 n) {
  entry:
      jump $loop
  $loop:
      x.1 = phi [entry: 0], [$loop: x.2]
      a_very_long_name_for_the_counter_that_goes_on_and_on_0123456789 = phi [entry: 0], [$loop: $next]
      x.2 = add x.1, a_very_long_name_for_the_counter_that_goes_on_and_on_0123456789
      $next = add a_very_long_name_for_the_counter_that_goes_on_and_on_0123456789, 1
      .done = lt n, $next
      branch .done, exit, $loop
  exit:
      entry = copy x.2
      return entry
  }

The parser hands every function to the verifier; its errors come through the
same way (tests/verify has the full set).

  $ minicc parse - <<'EOF'
  > func f(i32 n) {
  > entry:
  >     jump entry
  > }
  > EOF
  <stdin>:3:10: error: block 'entry' is the entry block and cannot be a branch target
        jump entry
             ^
  [2]
