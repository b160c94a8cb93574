The allocation trace's call events are every allocator's: the convention's
renaming, each value live across a call (saved, or kept in a callee-saved
register or a slot) and the prologue's callee saves come from the one step
all four share (callconv.c), after the colouring. linear and ssa record
their assignment (`assign`), not their decisions, and the replay holds for
them too. quicksort (share/minicc/examples/quicksort.c) calls partition and
itself twice; lo, hi and p are live across the calls. Only the call lines
are kept here (the decisions are tests/alloc/trace.t's):

  $ for al in baseline improved; do minicc run ../../share/minicc/examples/quicksort.c --func quicksort --stage alloc --regs 4 --allocator $al --trace-alloc -- [3,1,2] 0 2 | grep -E '^  (convention|call at|prologue)|^trace replay|^# |^return'; done
  # baseline allocation trace of quicksort, K=4
    convention: r0 -> r3 (callee-saved; its values are live across 2 calls)
    convention: r3 -> r0 (caller-saved; its values are live across 0 calls)
    call at 47:13: lo in callee-saved r2 is live across it: kept
    call at 47:13: hi in callee-saved r3 is live across it: kept
    call at 48:16: hi in callee-saved r3 is live across it: kept
    call at 48:16: p in caller-saved r1 is live across it: saved to save0, restored after
    call at 48:42: add.L48.2 in callee-saved r2 is live across it: kept
    prologue: callee-saved r2 is written here: saved to save1, restored on return
    prologue: callee-saved r3 is written here: saved to save2, restored on return
  trace replay: the assignment is the machine's
  return 3
  # improved allocation trace of quicksort, K=4
    convention: r1 -> r3 (callee-saved; its values are live across 2 calls)
    convention: r3 -> r1 (caller-saved; its values are live across 1 call)
    call at 47:13: lo in callee-saved r2 is live across it: kept
    call at 47:13: hi in callee-saved r3 is live across it: kept
    call at 48:16: hi in callee-saved r3 is live across it: kept
    call at 48:16: p in caller-saved r1 is live across it: saved to save0, restored after
    call at 48:42: add.L48.2 in callee-saved r2 is live across it: kept
    prologue: callee-saved r2 is written here: saved to save1, restored on return
    prologue: callee-saved r3 is written here: saved to save2, restored on return
  trace replay: the assignment is the machine's
  return 3

  $ for al in linear ssa; do minicc run ../../share/minicc/examples/quicksort.c --func quicksort --stage alloc --regs 4 --allocator $al --trace-alloc -- [3,1,2] 0 2 | grep -E '^  (convention|call at|prologue)|^trace replay|^# |^return'; done
  # linear allocation trace of quicksort, K=4
    convention: r0 -> r2 (callee-saved; its values are live across 2 calls)
    convention: r1 -> r3 (callee-saved; its values are live across 2 calls)
    convention: r2 -> r0 (caller-saved; its values are live across 1 call)
    convention: r3 -> r1 (caller-saved; its values are live across 0 calls)
    call at 47:13: lo in callee-saved r2 is live across it: kept
    call at 47:13: hi in callee-saved r3 is live across it: kept
    call at 48:16: hi in callee-saved r3 is live across it: kept
    call at 48:16: p in caller-saved r0 is live across it: saved to save0, restored after
    call at 48:42: add.L48.2 in callee-saved r2 is live across it: kept
    prologue: callee-saved r2 is written here: saved to save1, restored on return
    prologue: callee-saved r3 is written here: saved to save2, restored on return
  trace replay: the assignment is the machine's
  return 3
  # ssa allocation trace of quicksort, K=4
    convention: r0 -> r2 (callee-saved; its values are live across 2 calls)
    convention: r1 -> r3 (callee-saved; its values are live across 2 calls)
    convention: r2 -> r0 (caller-saved; its values are live across 1 call)
    convention: r3 -> r1 (caller-saved; its values are live across 0 calls)
    call at 47:13: lo in callee-saved r2 is live across it: kept
    call at 47:13: hi in callee-saved r3 is live across it: kept
    call at 48:16: hi in callee-saved r3 is live across it: kept
    call at 48:16: p in caller-saved r0 is live across it: saved to save0, restored after
    call at 48:42: add.L48.2 in callee-saved r2 is live across it: kept
    prologue: callee-saved r2 is written here: saved to save1, restored on return
    prologue: callee-saved r3 is written here: saved to save2, restored on return
  trace replay: the assignment is the machine's
  return 3

linear and ssa list the assignment they made, before the convention renames
its registers:

  $ minicc run ../../share/minicc/examples/quicksort.c --func quicksort --stage alloc --regs 4 --allocator ssa --trace-alloc -- [3,1,2] 0 2 | sed -n '2,6p'
  colouring in dominance order: its decisions are not recorded (`live --points` shows them), only the assignment it made
    assign lo -> r0
    assign hi -> r1
    assign le.L46 -> r2
    assign p -> r2

All caller-saved, every value live across a call is saved around it, and
there is no prologue save; at the prompt, `alloc K ALLOCATOR --trace`:

  $ minicc ../../share/minicc/examples/quicksort.c <<'IN' | grep -E '^  (convention|call at|prologue)|^trace replay|^# |rejected|error'
  > func quicksort
  > set convention caller-saved
  > alloc 4 linear --trace
  > alloc 3 ssa --trace
  > IN
  # caller-saved with K=4: caller-saved r0 r1 r2 r3 (arguments r0..r3, result r0), callee-saved none; further arguments in incoming slots
  # linear allocation trace of quicksort, K=4
    call at 47:13: lo in caller-saved r0 is live across it: saved to save0, restored after
    call at 47:13: hi in caller-saved r1 is live across it: saved to save1, restored after
    call at 48:16: hi in caller-saved r1 is live across it: saved to save0, restored after
    call at 48:16: p in caller-saved r2 is live across it: saved to save1, restored after
    call at 48:42: add.L48.2 in caller-saved r0 is live across it: saved to save0, restored after
  trace replay: the assignment is the machine's
  # ssa allocation trace of quicksort, K=3
    call at 47:13: lo in caller-saved r0 is live across it: saved to save0, restored after
    call at 47:13: hi in caller-saved r1 is live across it: saved to save1, restored after
    call at 48:16: hi in caller-saved r1 is live across it: saved to save0, restored after
    call at 48:16: p in caller-saved r2 is live across it: saved to save1, restored after
    call at 48:42: add.L48.2 in caller-saved r0 is live across it: saved to save0, restored after
  trace replay: the assignment is the machine's
