Briggs' test at its boundary (issue 26, see briggs.ir): at K = 3 the merged
node would have exactly K significant neighbours, so conservative coalescing
refuses the move `b <- a` ("0 coalesced"); Briggs with an off-by-one (<= K,
or degree > K counted as significant) would merge it ("1 coalesced"). At
K = 4 the neighbours are insignificant and Briggs merges.

  $ minicc print briggs.ir --stage allocated --regs 3 --allocator improved --trace-alloc -O0 | grep 'move b <- a: Briggs\|coalesced'
    move b <- a: Briggs: 3 significant neighbours >= K=3: try George
  # improved allocation of f: 3 registers, 0 slots, 0 values spilled, 0 coalesced, 1 copy removed
  $ minicc print briggs.ir --stage allocated --regs 4 --allocator improved --trace-alloc -O0 | grep 'move b <- a: Briggs\|coalesced'
    move b <- a: Briggs: 0 significant neighbours < K=4: merged into b
  # improved allocation of f: 4 registers, 0 slots, 0 values spilled, 1 coalesced, 1 copy removed
  # a -> r2 (coalesced with b)
  $ minicc check briggs.ir -O0 -- 7 | tail -n 1
  agree
