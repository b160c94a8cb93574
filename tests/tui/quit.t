Issue 29 §3: quitting the workbench asks once when it would lose a run (a
program started and not finished) or a lesson not finished. The question
takes the status bar; a second `q`, or `y`, quits; any other key stays
(and is not run). A key script (--tui-script) quits the same way, with
`qq` or `qy`; it also simply ends when its keys do.

  $ for s in 80x24 200x60; do minicc --tui-script 'nnq' --size $s ../../share/minicc/examples/swap.ir 3 | tail -2 | head -1; done
   quit and lose the run at step 2? q or y quits, another key stays
   swap | stage input | step 2 | K=4 | running at body   quit and lose the run at step 2? q or y quits, another key stays

Another key stays: the `x` is not run, the `n` after it is.

  $ for s in 80x24 200x60; do minicc --tui-script 'nnqxn' --size $s ../../share/minicc/examples/swap.ir 3 | tail -2 | head -1 | cut -c1-55; done
   swap | stage input | step 3 | K=4 | running at head   
   swap | stage input | step 3 | K=4 | running at head   

`qq` and `qy` quit: the `n` after them never runs.

  $ for k in qq qy; do minicc --tui-script "nn${k}n" --size 80x24 ../../share/minicc/examples/swap.ir 3 | tail -2 | head -1 | cut -c1-55; done
   swap | stage input | step 2 | K=4 | running at body   
   swap | stage input | step 2 | K=4 | running at body   

Nothing to lose, nothing asked: before the first step, and after the end.

  $ minicc --tui-script 'qn' --size 80x24 ../../share/minicc/examples/swap.ir 3 | tail -2 | head -1 | cut -c1-55
   step 0 K=4   n steps a block, ? lists the keys
  $ minicc --tui-script 'cqn' --size 80x24 ../../share/minicc/examples/swap.ir 3 | tail -2 | head -1 | cut -c1-40
   swap | stage input | step 9 | K=4 | ret

A lesson not finished is asked about too.

  $ minicc --tui-script 'q' --size 80x24 --lesson ../../lessons/02-phis-are-simultaneous.lesson | tail -2 | head -1
   step 0 K=4   quit and lose the lesson? q or y quits, another key stays
