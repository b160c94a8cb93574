MiniC's limits (README, "Limits"): at most 20 errors are reported, then
"too many errors, giving up"; statements nest at most 1000 deep (blocks and
the bodies of if, else, while, for and do; an `else if` chain does not
nest) and, counted apart, expressions at most 1000 deep (parentheses and
operators); an expression tree is at most 4000 operators high (a chain
a + b + ... of 4000 operands lowers, one more does not).

  $ (echo 'int f(int n) {'; for i in $(seq 30); do echo "  n = m$i;"; done; echo '  return n;'; echo '}') > $CRAMTMP/many.c
  $ cd $CRAMTMP && minicc parse many.c 2>&1 | grep -c 'error:'
  21
  $ cd $CRAMTMP && minicc parse many.c 2>&1 | grep -A2 'giving up'
  many.c:22:7: error: too many errors, giving up
      n = m21;
          ^

1000 parentheses nest, the 1001st is an error:

  $ awk 'BEGIN { printf "int f(int n) { return "; for (i = 0; i < 1000; i++) printf "("; printf "n"; for (i = 0; i < 1000; i++) printf ")"; print "; }" }' > $CRAMTMP/deep.c
  $ cd $CRAMTMP && minicc run deep.c -- 7
  return 7
  $ awk 'BEGIN { printf "int f(int n) { return "; for (i = 0; i < 1001; i++) printf "("; printf "n"; for (i = 0; i < 1001; i++) printf ")"; print "; }" }' > $CRAMTMP/deep.c
  $ cd $CRAMTMP && minicc parse deep.c 2>&1 | head -1
  deep.c:1:1023: error: expression nested too deeply (more than 1000 levels of parentheses and operators)

1000 statements nest (999 `if` around an assignment), 1001 do not:

  $ awk 'BEGIN { printf "int f(int n) {"; for (i = 0; i < 1000; i++) printf " if (n)"; print " n = 1; return n; }" }' > $CRAMTMP/nest.c
  $ cd $CRAMTMP && minicc parse nest.c 2>&1 | head -1
  nest.c:1:7016: error: statements nested too deeply (more than 1000 levels of blocks and bodies of if, else, while, for and do)
  $ awk 'BEGIN { printf "int f(int n) {"; for (i = 0; i < 999; i++) printf " if (n)"; print " n = 1; return n; }" }' > $CRAMTMP/nest.c
  $ cd $CRAMTMP && minicc run nest.c -- 3
  return 1

The two are counted apart: 1000 levels of expression (999 parentheses and
a `+`) inside 1000 levels of statements:

  $ awk 'BEGIN { printf "int f(int n) {"; for (i = 0; i < 999; i++) printf " if (n)"; printf " n = "; for (i = 0; i < 999; i++) printf "("; printf "n + 1"; for (i = 0; i < 999; i++) printf ")"; print "; return n; }" }' > $CRAMTMP/both.c
  $ cd $CRAMTMP && minicc run both.c -- 3
  return 4

An `else if` chain is as long as it needs (gcc's rule): 5000 arms parse,
lower and run at every stage:

  $ awk 'BEGIN { print "int f(int n) {"; print "  int r = 0;"; print "  if (n == 0) r = 1;"; for (i = 1; i < 5000; i++) printf "  else if (n == %d) r = %d;\n", i, i + 1; print "  else r = -1;"; print "  return r;"; print "}" }' > $CRAMTMP/chain.c
  $ cd $CRAMTMP && minicc run chain.c -- 4999 && minicc run chain.c -- 0 && minicc run chain.c -- 5000
  return 5000
  return 1
  return -1
  $ cd $CRAMTMP && minicc run chain.c --stage alloc -- 2500
  return 2501
  $ cd $CRAMTMP && minicc print chain.c | grep -c '^end\.L'
  5000

Expression trees:

  $ awk 'BEGIN { printf "int f(int n) { return n"; for (i = 0; i < 3999; i++) printf " + n"; print "; }" }' > $CRAMTMP/long.c
  $ cd $CRAMTMP && minicc run long.c -- 1
  return 4000
  $ awk 'BEGIN { printf "int f(int n) { return n"; for (i = 0; i < 4000; i++) printf " + n"; print "; }" }' > $CRAMTMP/long.c
  $ cd $CRAMTMP && minicc parse long.c 2>&1 | head -1
  long.c:1:16021: error: expression too long (more than 4000 operators deep)
