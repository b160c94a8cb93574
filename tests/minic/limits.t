MiniC's limits (README, "Limits"): at most 20 errors are reported, then
"too many errors, giving up"; parentheses and statements nest at most 1000
deep; an expression tree is at most 4000 operators high (a chain a + b + ...
of 4000 operands lowers, one more does not).

  $ (echo 'int f(int n) {'; for i in $(seq 30); do echo "  n = m$i;"; done; echo '  return n;'; echo '}') > $CRAMTMP/many.c
  $ cd $CRAMTMP && minicc parse many.c 2>&1 | grep -c 'error:'
  21
  $ cd $CRAMTMP && minicc parse many.c 2>&1 | grep -A2 'giving up'
  many.c:22:7: error: too many errors, giving up
      n = m21;
          ^
  $ awk 'BEGIN { printf "int f(int n) { return "; for (i = 0; i < 1001; i++) printf "("; printf "n"; for (i = 0; i < 1001; i++) printf ")"; print "; }" }' > $CRAMTMP/deep.c
  $ cd $CRAMTMP && minicc parse deep.c 2>&1 | head -1
  deep.c:1:1022: error: expression too complex (nested more than 1000 deep)
  $ awk 'BEGIN { printf "int f(int n) {"; for (i = 0; i < 1001; i++) printf " if (n)"; print " n = 1; return n; }" }' > $CRAMTMP/nest.c
  $ cd $CRAMTMP && minicc parse nest.c 2>&1 | head -1
  nest.c:1:7016: error: statements nested too deeply (more than 1000)
  $ awk 'BEGIN { printf "int f(int n) {"; for (i = 0; i < 999; i++) printf " if (n)"; print " n = 1; return n; }" }' > $CRAMTMP/nest.c
  $ cd $CRAMTMP && minicc run nest.c -- 3
  return 1
  $ awk 'BEGIN { printf "int f(int n) { return n"; for (i = 0; i < 3999; i++) printf " + n"; print "; }" }' > $CRAMTMP/long.c
  $ cd $CRAMTMP && minicc run long.c -- 1
  return 4000
  $ awk 'BEGIN { printf "int f(int n) { return n"; for (i = 0; i < 4000; i++) printf " + n"; print "; }" }' > $CRAMTMP/long.c
  $ cd $CRAMTMP && minicc parse long.c 2>&1 | head -1
  long.c:1:16021: error: expression too long (more than 4000 operators deep)
