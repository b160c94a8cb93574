GVN and sub (issue 26): `sub a, b` and `sub b, a` are different values. At
--stage opt both subtractions stay, and every stage returns 6 for f(5, 2)
(12 if GVN treated sub as commutative and replaced y by x).

  $ minicc print gvnsub.ir --stage opt | grep sub
      x = sub a, b
      y = sub b, a
  $ minicc check gvnsub.ir -- 5 2 | sed -n 's/^opt *//p;$p'
  return 6
  agree
