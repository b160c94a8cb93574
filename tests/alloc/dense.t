Dense interference graphs (issue 14): chain.awk prints a function of N
parameters returning their sum; all of them are live at once, so its graph
has about N^2 edges.

Over the size limit ($MINICC_MAX_INTERFERENCES, here 1000; 40 parameters
make 1521 interferences) the allocation is refused with a clear error.
`check` shows the alloc rows as not run - not as a divergence - and the
other stages still agree:

  $ awk -v n=40 -f chain.awk | MINICC_MAX_INTERFERENCES=1000 minicc check - -- $(seq 1 40)
  input       return 820
  ssa         return 820
  opt         return 820
  alloc K=1   not run: interference graph too large to colour: 79 nodes, 1521 interferences (at most 1000; $MINICC_MAX_INTERFERENCES raises the limit)
  alloc K=2   not run: interference graph too large to colour: 79 nodes, 1521 interferences (at most 1000; $MINICC_MAX_INTERFERENCES raises the limit)
  alloc K=4   not run: interference graph too large to colour: 79 nodes, 1521 interferences (at most 1000; $MINICC_MAX_INTERFERENCES raises the limit)
  alloc K=16  not run: interference graph too large to colour: 79 nodes, 1521 interferences (at most 1000; $MINICC_MAX_INTERFERENCES raises the limit)
  native      return 820
  asm x86-64  not run: interference graph too large to colour: 79 nodes, 1521 interferences (at most 1000; $MINICC_MAX_INTERFERENCES raises the limit)
  asm rv64    not run: interference graph too large to colour: 79 nodes, 1521 interferences (at most 1000; $MINICC_MAX_INTERFERENCES raises the limit)
  # 6 rows not run (interference graph over its size limit): the other stages agree
  agree

`sweep` says so in each row and goes on; `run` stops with the error (exit
2); at the limit itself the allocation runs:

  $ awk -v n=40 -f chain.awk | MINICC_MAX_INTERFERENCES=1000 minicc sweep - --regs 2 -- $(seq 1 40)
  sweep chain (-O1): stage input gives return 820
     K  allocator  slots  spill_reads spill_writes      traffic instructions     copies  result
     1  baseline   not run: interference graph too large to colour: 79 nodes, 1521 interferences (at most 1000; $MINICC_MAX_INTERFERENCES raises the limit)
     1  improved   not run: interference graph too large to colour: 79 nodes, 1521 interferences (at most 1000; $MINICC_MAX_INTERFERENCES raises the limit)
     2  baseline   not run: interference graph too large to colour: 79 nodes, 1521 interferences (at most 1000; $MINICC_MAX_INTERFERENCES raises the limit)
     2  improved   not run: interference graph too large to colour: 79 nodes, 1521 interferences (at most 1000; $MINICC_MAX_INTERFERENCES raises the limit)
  4 of 4 runs not run (interference graph over its size limit)
  $ awk -v n=40 -f chain.awk | MINICC_MAX_INTERFERENCES=1000 minicc run - --stage alloc -- $(seq 1 40)
  minicc run: error: interference graph too large to colour: 79 nodes, 1521 interferences (at most 1000; $MINICC_MAX_INTERFERENCES raises the limit)
  [2]
  $ awk -v n=40 -f chain.awk | MINICC_MAX_INTERFERENCES=1521 minicc run - --stage alloc --allocator baseline -- $(seq 1 40)
  return 820
  $ awk -v n=40 -f chain.awk | MINICC_MAX_INTERFERENCES=1e6 minicc run - --stage alloc -- $(seq 1 40)
  minicc run: error: $MINICC_MAX_INTERFERENCES must be a positive number, not '1e6'
  [2]

The prompt reports it and carries on with the next command:

  $ d=$(mktemp -d) && awk -v n=40 -f chain.awk >$d/c.ir && MINICC_MAX_INTERFERENCES=1000 minicc -c "load $d/c.ir; args $(seq 1 40 | tr '\n' ' '); alloc 2; interference; run" | grep -v '^loaded\|^chain(i32\|^args'; rm -rf $d
  -c:3: error: alloc: interference graph too large to colour: 79 nodes, 1521 interferences (at most 1000; $MINICC_MAX_INTERFERENCES raises the limit)
  -c:4: error: alloc: interference graph too large to colour: 79 nodes, 1521 interferences (at most 1000; $MINICC_MAX_INTERFERENCES raises the limit)
  return 820

A big graph is listed as a summary at the prompt (degrees and locations of
the first 100 nodes, no neighbour lists), not as 90,000 names:

  $ d=$(mktemp -d) && awk -v n=300 -f chain.awk >$d/c.ir && minicc -c "load $d/c.ir; alloc 4; interference" >$d/out && head -6 $d/out | grep -v '^loaded\|^chain(i32' && wc -l <$d/out && tail -3 $d/out | cut -c1-60; rm -rf $d
  alloc (improved, K = 4): 599 nodes, 4 registers used, 296 spilled to 296 slots
  interference graph: 599 nodes, 89401 edges (improved allocator, K = 4)
    (too many edges to list: more than 20000; degrees and locations of the first 100 nodes)
    value  degree  where
  109
    ... and 499 more nodes
  (adjacency matrix omitted: more than 32 nodes)
  colouring order: p1 p297 p298 p299 p0 s1 p2 s2 p3 s3 p4 s4 p
