Verifier diagnostics (docs/ir.md §2, src/engine/analysis/verify.c) through `minicc parse`,
which verifies every function it reads. Each message points at the offending
token (line:column, a caret under it) and names it; the exit status is 2.
Expected positions were counted by hand from the files beside this one.

Structure: the entry block is never a branch target.

  $ minicc parse entry_jump.ir
  entry_jump.ir:5:10: error: block 'entry' is the entry block and cannot be a branch target
        jump entry
             ^
  [2]
  $ minicc parse entry_branch.ir
  entry_branch.ir:5:20: error: block 'top' is the entry block and cannot be a branch target
        branch c, out, top
                       ^
  [2]

Phi entries must be exactly the distinct predecessors of the phi's block.

  $ minicc parse phi_missing.ir
  phi_missing.ir:6:5: error: phi for 'i' has no entry for predecessor 'body'
        i = phi [entry: 0]
        ^
  [2]
  $ minicc parse phi_extra.ir
  phi_extra.ir:10:33: error: phi for 'r' names 'exit', which is not a predecessor of 'join'
        r = phi [yes: 1], [no: 2], [exit: 3]
                                    ^
  [2]
  $ minicc parse phi_duplicate.ir
  phi_duplicate.ir:6:26: error: phi for 'r' has more than one entry for 'entry'
        r = phi [entry: 1], [entry: 2]
                             ^
  [2]
  $ minicc parse phi_entry.ir
  phi_entry.ir:4:5: error: phi for 'x' is in the entry block 'entry', which has no incoming edges
        x = phi [entry: n]
        ^
  [2]

Every name used must be defined somewhere.

  $ minicc parse undefined.ir
  undefined.ir:4:16: error: use of undefined value 'q'
        x = add n, q
                   ^
  [2]

A function with phis must be SSA: one definition per name (parameters
count), every use dominated by its definition; a phi operand is a use at the
end of its predecessor.

  $ minicc parse twice.ir
  twice.ir:8:5: error: 'x' is defined more than once (first at 4:5); a function with phis is in SSA form, where each name is defined once
        x = add a, n
        ^
  [2]
  $ minicc parse param_phi.ir
  param_phi.ir:6:5: error: 'm' is defined more than once (first at 2:19); a function with phis is in SSA form, where each name is defined once
        m = phi [entry: n]
        ^
  [2]
  $ minicc parse not_dominated.ir
  not_dominated.ir:12:16: error: use of 'x' is not dominated by its definition
        y = add m, x
                   ^
  [2]
  $ minicc parse phi_operand.ir
  phi_operand.ir:7:21: error: use of 'x' is not dominated by its definition
        a = phi [entry: x], [body: x]
                        ^
  [2]
  $ minicc parse same_block.ir
  same_block.ir:7:13: error: use of 'z' is not dominated by its definition
        y = add z, a
                ^
  [2]

A function without phis that breaks the SSA rules is in mutable form and
must pass definite assignment: every use assigned on every path from entry.

  $ minicc parse maybe_arm.ir
  maybe_arm.ir:13:16: error: 'y' may be used before it is assigned
        r = add x, y
                   ^
  [2]
  $ minicc parse maybe_loop.ir
  maybe_loop.ir:7:13: error: 't' may be used before it is assigned
        u = add t, 1
                ^
  [2]
  $ minicc parse self_use.ir
  self_use.ir:5:13: error: 'x' may be used before it is assigned
        x = add x, n
                ^
  [2]
  $ minicc parse dead_def.ir
  dead_def.ir:4:12: error: 'v' may be used before it is assigned
        return v
               ^
  [2]

Several errors come out in source order; functions are verified one by one.

  $ minicc parse several.ir
  several.ir:7:13: error: use of undefined value 'q'
        r = add q, w
                ^
  several.ir:7:16: error: 'w' may be used before it is assigned
        r = add q, w
                   ^
  several.ir:8:16: error: 'w' may be used before it is assigned
        r = add r, w
                   ^
  several.ir:10:10: error: block 'entry' is the entry block and cannot be a branch target
        jump entry
             ^
  [2]
  $ minicc parse second_func.ir
  second_func.ir:15:5: error: phi for 'r' has no entry for predecessor 'b'
        r = phi [a: 1]
        ^
  [2]

Unreachable code is not checked for dominance or definite assignment.

  $ minicc parse unreachable_ok.ir
  func f(i32 p) {
  entry:
      return p
  dead:
      y = add x, 1
      jump more
  more:
      x = copy 2
      return y
  }
