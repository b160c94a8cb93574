The one goal docs/benchmarks.md says is missed: bench/alloc's "no
returning run worse than baseline". Generated function 169 (size 80, as
the bench makes it), run with its generated arguments, takes a path on
which improved spills a value at K = 4 (2 slots, 5 spill accesses), while
baseline's 7 spilled values all sit on paths the run does not take:

  $ minicc gen --seed 169 --size 80 > w.ir
  $ minicc sweep w.ir --regs 4..4 --allocators baseline,improved -- $(sed -n 's/^# args: //p' w.ir)
  sweep f (-O1): stage input gives return -4
        baseline                  improved
     K  slots  traffic   copies    slots  traffic   copies
     4      7        0       18 =      2        5        5 =
  (= agrees with stage input, ! diverges, - not run: graph over its size limit)
  all 2 runs agree with stage input
