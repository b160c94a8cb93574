`interference --why` follows the allocator's switches: with the copy
exception off, a copy's two ends interfere and --why says so (it used to
explain the copy exception and then admit "(but the graph says they
interfere)"); with param-edges off, parameters are no longer bound together.

  $ minicc print copyexc.ir -O0 --stage allocated --regs 2 --why a,b
  a and b do not interfere: only at entry: b = copy a
    is one defined while the other is live, and there both hold the same value
    (Chaitin's copy exception)
    a -> r0, b -> r0 (improved allocator, K = 2)
  $ minicc print copyexc.ir -O0 --stage allocated --regs 2 --alloc-opt copy-exception=off --why a,b
  a and b interfere: b is defined at entry: b = copy a
    while a is live after it (they need different locations)
    a -> r1, b -> r0 (improved allocator, K = 2)
  $ minicc -c 'load copyexc.ir' -c 'set alloc copy-exception=off' -c 'alloc 2' -c 'interference --why a b' | tail -3
  a and b interfere: b is defined at entry: b = copy a
    while a is live after it (they need different locations)
    a -> r1, b -> r0 (improved allocator, K = 2)
  $ minicc print params.ir -O0 --stage allocated --regs 4 --allocator baseline --why a,b
  a and b interfere: both are parameters, and the chapter's graph connects every scalar
    parameter to every other (they are written together before the entry block)
    a -> r0, b -> r1 (baseline allocator, K = 4)
  $ minicc print params.ir -O0 --stage allocated --regs 4 --allocator baseline --alloc-opt param-edges=off --why a,b
  a and b do not interfere: neither is defined where the other is live
    (param-edges=off: the planted bug drops the edges between parameters bound on entry)
    a -> r0, b -> r0 (baseline allocator, K = 4)
