What the gallery's headers claim beyond their results (share/minicc/examples;
tests/suite/examples.sh checks every `run:` block and that `check` agrees).

gcd.ir assigns its parameters in the loop: mutable form, and SSA construction
gives a and b a phi each at head.

  $ minicc print ../../share/minicc/examples/gcd.ir --stage ssa | grep -c ' = phi '
  2

rotate3.ir: the back edge's parallel copy is a 3-cycle with a fan-out; one
scratch copy breaks the cycle, and d reads a before the cycle overwrites it.

  $ minicc print ../../share/minicc/examples/rotate3.ir --stage destroyed | sed -n '/^body:/,/jump head/p'
  body:
      i1 = add i, 1
      d = copy a
      i = copy i1
      $cycle1 = copy a
      a = copy b
      b = copy c
      c = copy $cycle1
      jump head

clique5.ir: a 5-clique, so K = 4 spills and K = 5 is the first budget with no
spill, for both allocators.

  $ minicc sweep ../../share/minicc/examples/clique5.ir --regs 4,5 -- 3 4 | awk 'NR > 2 && $1 ~ /^[0-9]+$/ { print $1, $2, $4 + $5 }'
  4 baseline 2
  4 improved 2
  5 baseline 0
  5 improved 0

critical.ir: the edge entry -> join is critical and gets a block of its own;
the edge small -> join does not.

  $ minicc print ../../share/minicc/examples/critical.ir --stage destroyed | grep -c '^\$edge'
  1

pressure.ir: with 2 registers both allocators spill inside the loop; the
traffic grows with the trip count.

  $ for n in 1 10; do minicc run ../../share/minicc/examples/pressure.ir --stage alloc --regs 2 --stats -- $n | sed -n 's/.*spill_reads=\([0-9]*\).*/\1/p'; done | awk 'NR == 1 { a = $1 } NR == 2 { print ($1 > a) ? "grows" : "flat" }'
  grows

ackermann.c: ack(3, 3) is 63 frames deep: a depth limit of 62 traps, 63
does not; a budget of 1000 block entries (all frames together) traps.

  $ minicc run ../../share/minicc/examples/ackermann.c --max-depth 62 -- 3 3
  trap: call depth limit exceeded
  [3]
  $ minicc run ../../share/minicc/examples/ackermann.c --max-depth 63 -- 3 3
  return 61
  $ minicc run ../../share/minicc/examples/ackermann.c --max-steps 1000 -- 3 3
  trap: execution step limit exceeded
  note: the step budget is 1000 block entries; raise it with --max-steps N
  [3]

quicksort.c: sort passes its buffer down; quicksort, partition and swap
store into it, so the caller's buffer comes back sorted. The lowered IR
calls with the buffer itself:

  $ minicc print ../../share/minicc/examples/quicksort.c --func quicksort | grep call
      p = call partition(a, lo, hi)  # line 47
      quicksort.L48 = call quicksort(a, lo, sub.L48)  # line 48
      quicksort.L48.2 = call quicksort(a, add.L48.3, hi)  # line 48
