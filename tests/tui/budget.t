A run that ends at the step budget: `c` replays the last blocks to show
the last phi edge, and the replay must end in the same trap, so the
status bar says `trapped`, as it does for a run stepped to the budget
(before the fix it said `running at head` while the log said trap).

  $ minicc --tui-script ':set max-steps 3<Enter>c' --size 120x24 ../../share/minicc/examples/swap.ir 5 | tail -2 | head -1
   swap | stage input | step 3 | K=4 | trapped   trap: execution step limit exceeded (after 3 blocks)
  $ minicc --tui-script ':set max-steps 300<Enter>c' --size 120x24 ../../share/minicc/examples/swap.ir 500 | tail -2 | head -1
   swap | stage input | step 300 | K=4 | trapped   trap: execution step limit exceeded (after 300 blocks)
  $ minicc --tui-script ':set max-steps 3<Enter>nnnn' --size 120x24 ../../share/minicc/examples/swap.ir 5 | tail -2 | head -1
   swap | stage input | step 3 | K=4 | trapped   trap: execution step limit exceeded (after 3 blocks)
