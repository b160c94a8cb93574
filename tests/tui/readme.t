The workbench screens in README.md and docs/shell.md are the output of
`minicc --tui-script` (the line before each names its keys, size and file);
this fails when one is stale. `sh tests/tui/readme_screens.sh --update [FILE]`
rewrites them.

  $ cd ../.. && sh tests/tui/readme_screens.sh
  ok: 'nnnn:print a<Enter>' --size 80x24 share/minicc/examples/swap.ir 5
  ok: 'nnnn-l' --size 80x24 share/minicc/examples/swap.ir 5
  $ cd ../.. && sh tests/tui/readme_screens.sh docs/shell.md
  ok: 'tnnnnn' --size 80x24 share/minicc/examples/gcd.c 84 36
  ok: 'nnnn-l' --size 160x50 share/minicc/examples/swap.ir 5

A stale screen is found (a README with one character changed):

  $ sed '/^<!-- screen: .nnnn-l. --size 80x24/,/^```$/!b; n; n; s/K=3/K=9/' ../../README.md > stale.md
  $ cd ../.. && sh tests/tui/readme_screens.sh "$OLDPWD/stale.md" | head -3
  ok: 'nnnn:print a<Enter>' --size 80x24 share/minicc/examples/swap.ir 5
  stale: 'nnnn-l' --size 80x24 share/minicc/examples/swap.ir 5
  1c1
  $ rm -f stale.md
