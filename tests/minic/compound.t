Compound assignments whose operator is not commutative (issue 26): `a[i] OP= r`
and `x OP= r` mean `a[i] = a[i] OP r`, never `r OP a[i]`, and `%=` is a
remainder, not a division. Each row runs one function of compound.c with
a[0] = 7 (or x = 7) and r = 2 and prints minicc's answer, then the wrong
answers of those lowering bugs (compound.tab), so a failing row names its bug.

  $ while IFS=';' read f args wrong; do
  >   echo "$f $args: $(minicc run compound.c --func $f -- $args | tr '\n' ' ')($wrong)"
  > done < compound.tab
  sub_buf [7] 2: return 5 a = [5] (-5 if lowered as r - a[0])
  sub_var 7 2: return 5 (-5 if lowered as r - x)
  div_buf [7] 2: return 3 a = [3] (0 if lowered as r / a[0])
  div_var 7 2: return 3 (0 if lowered as r / x)
  rem_buf [7] 2: return 1 a = [1] (2 if lowered as r % a[0], 3 if lowered as div)
  rem_var 7 2: return 1 (2 if lowered as r % x, 3 if lowered as div)
  shl_buf [7] 2: return 28 a = [28] (256 if lowered as r << a[0])
  shl_var 7 2: return 28 (256 if lowered as r << x)
  shr_buf [7] 2: return 1 a = [1] (0 if lowered as r >> a[0])
  shr_var 7 2: return 1 (0 if lowered as r >> x)
