`diff [PASS...]` (issue 29 §5) shows what each optimizer pass changes: each
pass runs once, in order (none named: every pass in -O1 order), on a copy
of the SSA, and the listing after it is compared with the one before: `- `
removed lines, `+ ` added ones, two unchanged lines around a change and
`... N unchanged lines` for longer runs. The session's stages stay as they
were.

  $ minicc -c 'load ../../share/minicc/examples/swap.ir; diff' | sed 1,2d
  == sccp: 3 lines changed
    func swap(i32 n) {
    entry:
  -     i0 = copy 0
        jump head
    head:
        a = phi [entry: 1], [body: b]
        b = phi [entry: 2], [body: a]
  -     i = phi [entry: i0], [body: i1]
  +     i = phi [entry: 0], [body: i1]
        c = lt i, n
        branch c, body, exit
    ... 8 unchanged lines
  == copyprop: no change
  == gvn: no change
  == dce: no change
  == simplifycfg: no change
  $ minicc -c 'load ../../share/minicc/examples/gcd.c; diff sccp copyprop'
  loaded ../../share/minicc/examples/gcd.c: 1 function
  gcd(i32 a, i32 b): mutable form, 4 blocks
  == sccp: no change
  == copyprop: 6 lines changed
    ... 2 unchanged lines
        jump while.L14                # line 14
    while.L14:
  -     a.1 = phi [entry: a], [body.L14: a.2]  # line 14
  -     b.1 = phi [entry: b], [body.L14: b.2]  # line 14
  +     a.1 = phi [entry: a], [body.L14: b.1]  # line 14
  +     b.1 = phi [entry: b], [body.L14: t]  # line 14
        ne.L14 = ne b.1, 0            # line 14
        branch ne.L14, body.L14, end.L14  # line 14
    body.L14:
        t = rem a.1, b.1              # line 15
  -     a.2 = copy b.1                # line 16
  -     b.2 = copy t                  # line 17
        jump while.L14                # line 14
    end.L14:
    ... 2 unchanged lines
  $ minicc -c 'load ../../share/minicc/examples/gcd.c; diff copyprop copyprop gvn' | grep '^=='
  == copyprop: 6 lines changed
  == copyprop: no change
  == gvn: no change

A pass that is not in the table is named, and nothing runs.

  $ minicc -c 'load ../../share/minicc/examples/gcd.c; diff sccp nope'
  loaded ../../share/minicc/examples/gcd.c: 1 function
  gcd(i32 a, i32 b): mutable form, 4 blocks
  -c:2: error: diff: unknown pass 'nope' (see: passes)
  [1]
