Issue 29 §6: take the session home. The workbench keeps what was done as
the prompt commands that do it (`n` is `step`, `b` is `back`, `+` is `set
regs K`, a typed command line is itself), each followed by `where` and
the position as an `expect` when it moved, and `:note TEXT` as narration.
`:save-session FILE` (the key W opens the command line with it) writes
them as a lesson: `minicc lesson --check` replays it and checks that every
position is reached again. At 80x24 and at 200x60.

  $ for s in 80x24 200x60; do minicc --tui-script "nnnn:note The phis read before any is written.<Enter>b+:print a<Enter>cWs$s.lesson<Enter>" --size $s ../../share/minicc/examples/swap.ir 3 | tail -2 | head -1 | grep -o 'saved the session.*'; done
  saved the session (8 actions) to s80x24.lesson
  saved the session (8 actions) to s200x60.lesson
  $ tail -n +3 s80x24.lesson > a; tail -n +3 s200x60.lesson > b; cmp a b && echo same
  same
  $ sed 's|^\$ load .*/share/|$ load .../share/|; s/^/| /' s80x24.lesson
  | title: Session: swap.ir
  | # Saved by the minicc workbench (save-session). Replay it: minicc lesson s80x24.lesson;
  | # check the replay: minicc lesson --check; a handout: minicc lesson --export md.
  | == Session: swap.ir
  | 
  | $ load .../share/minicc/examples/swap.ir
  | $ args 3
  | $ step
  | $ where
  | expect after 1 block: about to enter head from entry
  | $ step
  | $ where
  | expect after 2 blocks: about to enter body from head
  | $ step
  | $ where
  | expect after 3 blocks: about to enter head from body
  | $ step
  | $ where
  | expect after 4 blocks: about to enter body from head
  | The phis read before any is written.
  | $ back
  | $ where
  | expect after 3 blocks: about to enter head from body
  | $ set regs 5
  | $ print a
  | $ continue
  | $ where
  | expect finished after 9 blocks: return 21
  $ minicc lesson --check s80x24.lesson
  s80x24.lesson: ok
  lessons: 1 passed, 0 failed

A replay that does not reach the recorded position fails the check (here
the arguments changed by hand).

  $ sed 's/^\$ args 3$/$ args 4/' s80x24.lesson > wrong.lesson; minicc lesson --check wrong.lesson > /dev/null 2>&1; echo $?
  1

Keys that changed nothing are not recorded (`b` before the start, `n`
after the end); a file that cannot be written is an error.

  $ minicc --tui-script "bcnnWs2.lesson<Enter>" --size 80x24 ../../share/minicc/examples/swap.ir 3 > /dev/null; grep '^\$ ' s2.lesson | sed 's|^\$ load .*/share/|$ load .../share/|; s/^/| /'
  | $ load .../share/minicc/examples/swap.ir
  | $ args 3
  | $ run
  | $ where
  $ minicc --tui-script "n:save-session /no/such/dir/s.lesson<Enter>" --size 80x24 ../../share/minicc/examples/swap.ir 3 | tail -2 | head -1
   step 1 at head K=4   save-session: cannot write '/no/such/dir/s.lesson'
  $ rm -f s80x24.lesson s200x60.lesson wrong.lesson s2.lesson a b
