The chapter's allocator (--allocator baseline) reproduced to the number.

swap.ir (the book's swap loop, share/minicc/examples/swap.ir) at -O0: SSA
input is used as is. Phi destruction appends $edge1 (entry -> head) and
$edge2 (body -> head), each saving a, b, i into $edgeN_copy0..2 before
writing them:

  $ minicc print swap.ir --stage destroyed --allocator baseline -O0
  func swap(i32 n) {
  entry:
      i0 = copy 0
      jump $edge1
  head:
      c = lt i, n
      branch c, body, exit
  body:
      i1 = add i, 1
      jump $edge2
  exit:
      t = mul a, 10
      r = add t, b
      return r
  $edge1:
      $edge1_copy0 = copy 1
      $edge1_copy1 = copy 2
      $edge1_copy2 = copy i0
      a = copy $edge1_copy0
      b = copy $edge1_copy1
      i = copy $edge1_copy2
      jump head
  $edge2:
      $edge2_copy0 = copy b
      $edge2_copy1 = copy a
      $edge2_copy2 = copy i1
      a = copy $edge2_copy0
      b = copy $edge2_copy1
      i = copy $edge2_copy2
      jump head
  }

Derivation by hand (chapter §32.3). live_out: entry {i0,n}; head, $edge1,
$edge2 {a,b,i,n}; body {i1,a,b,n}; exit {}. The backward scan gives the
degrees n 12, a 10, b 8, $edge1_copy1 5, $edge1_copy2 5, $edge2_copy0 5,
$edge2_copy1 5, $edge2_copy2 5, i1 5, $edge1_copy0 4, c 4, i 4, i0 3, t 1,
r 0 (c connects to a b i n; t only to b; $edge1_copy0 to n i0
$edge1_copy1 $edge1_copy2). Greedy colouring in that order (ties by name):

K = 1: n -> r0; every later node has n (r0) as a neighbour except t (only b,
a slot) and r (none): 12 slots. Running swap(3) (4 visits of head, 3 of
body and $edge2, one of entry, $edge1, exit): instructions 1 + 6 + 4 + 3 +
18 + 2 = 34. Reads of slots: $edge1 4 (i0, copy0..2), head 4 x 2 (i and the
branch condition c), body 3 (i), $edge2 3 x 6, exit 2 (a, b; t and the
returned r are in r0) = 35. Writes: entry 1, $edge1 6, head 4, body 3,
$edge2 18 = 32 (n sits in r0, so binding it is free).

  $ minicc run swap.ir --stage alloc --allocator baseline -O0 --regs 1 --stats -- 3
  return 21
  stats: instructions=34 spill_reads=35 spill_writes=32 registers=1 slots=12

K = 2: n r0, a r1, then b, $edge1_copy1, $edge1_copy2, $edge2_copy0..2, i1
take slots 0..6; $edge1_copy0 gets r1 (neighbours n r0, i0 uncoloured, the
others in slots); c slot7, i slot8, i0 slot9, t r0, r r0: 10 slots. Reads:
$edge1 3 (i0, copy1, copy2), head 8, body 3, $edge2 3 x 5 (b, i1, copy0,
copy1, copy2), exit 1 (b) = 30. Writes: entry 1, $edge1 4 (copy1, copy2,
b, i), head 4, body 3, $edge2 3 x 5 (copy0..2, b, i) = 27.

  $ minicc run swap.ir --stage alloc --allocator baseline -O0 --regs 2 --stats -- 3
  return 21
  stats: instructions=34 spill_reads=30 spill_writes=27 registers=2 slots=10

K = 4 (the default budget) and an even trip count: the same machine, cross-
checked with tests/alloc/chapter_ref.py (a transcription of the chapter's
Python, a development aid that make check does not run).

  $ minicc run swap.ir --stage alloc --allocator baseline -O0 --stats -- 3
  return 21
  stats: instructions=34 spill_reads=13 spill_writes=10 registers=4 slots=3
  $ minicc run swap.ir --stage alloc --allocator baseline -O0 --regs 2 --stats -- 4
  return 12
  stats: instructions=42 spill_reads=38 spill_writes=34 registers=2 slots=10

`branch c, L, L` into a phi block: two edge blocks, both targets redirected.

  $ minicc print same.ir --stage destroyed --allocator baseline -O0
  func same(i32 x) {
  e:
      c = lt x, 3
      branch c, $edge1, $edge2
  m:
      r = add y, z
      return r
  $edge1:
      $edge1_copy0 = copy x
      $edge1_copy1 = copy 1
      y = copy $edge1_copy0
      z = copy $edge1_copy1
      jump m
  $edge2:
      $edge2_copy0 = copy x
      $edge2_copy1 = copy 1
      y = copy $edge2_copy0
      z = copy $edge2_copy1
      jump m
  }

Scalar parameters are bound before entry, all of them, used or not, and
they interfere pairwise: with one register a (first by name among the
degree-2 nodes) gets r0, b and c slots, so binding costs two spill writes
and reading c one spill read; x (degree 0) gets r0. The improved allocator
binds only c.

  $ minicc run params.ir --stage alloc --allocator baseline -O0 --regs 1 --stats -- 1 2 3
  return 4
  stats: instructions=1 spill_reads=1 spill_writes=2 registers=1 slots=2
  $ minicc run params.ir --stage alloc -O0 --regs 1 --stats -- 1 2 3
  return 4
  stats: instructions=1 spill_reads=0 spill_writes=0 registers=1 slots=0
