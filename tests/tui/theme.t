The projector theme (issue 17): `--theme projector`, `:theme projector` or
MINICC_THEME=projector. Nothing is dim (the default theme draws hints,
"(was 1)", "not live" and the column numbers dim, role `d` in the
attribute layer); changed values and the next line are bold and in reverse
video (`B` in the flags layer). The characters are the same.

  $ minicc --tui-script 'nnnn' --attrs --size 80x24 ../../share/minicc/examples/swap.ir 5 | sed '1,/^--$/d' | grep -c d
  10
  $ minicc --tui-script 'nnnn' --attrs --theme projector --size 80x24 ../../share/minicc/examples/swap.ir 5 | sed '1,/^--$/d' | grep -c d
  0
  [1]
  $ minicc --tui-script 'nnnn' --flags --theme projector --size 80x24 ../../share/minicc/examples/swap.ir 5 | sed '1,/^--$/d' | sed -n '2,6p'
  b...bbbbbb.................................b
  b..........................................b.BBBBBBBB
  b..........................................b.BBBBBBBB
  b...bbbbb..................................b.BBBBBBBB
  bBB........................................b
  $ minicc --tui-script 'nnnn' --theme projector --size 80x24 ../../share/minicc/examples/swap.ir 5 > p.txt
  $ minicc --tui-script 'nnnn' --size 80x24 ../../share/minicc/examples/swap.ir 5 | diff - p.txt && echo same characters
  same characters
  $ rm -f p.txt

The environment variable and the command line do the same; `:theme` alone
names the theme; an unknown name is an error that changes nothing.

  $ MINICC_THEME=projector minicc --tui-script 'nnnn' --attrs --size 80x24 ../../share/minicc/examples/swap.ir 5 | sed '1,/^--$/d' | grep -c d
  0
  [1]
  $ minicc --tui-script ':theme projector<Enter>nnnn' --attrs --size 80x24 ../../share/minicc/examples/swap.ir 5 | sed '1,/^--$/d' | grep -c d
  0
  [1]
  $ minicc --tui-script ':theme projector<Enter>:theme<Enter>:theme loud<Enter>' --size 80x24 ../../share/minicc/examples/swap.ir 5 | sed -n '17,24p'
  + log -------------------------------------------------------------------------+
  |minicc> theme                                                                 |
  |theme projector (themes: default, projector, light, projector-light)          |
  |minicc> theme loud                                                            |
  |theme: unknown theme 'loud' (default, projector, light, projector-light)      |
  +------------------------------------------------------------------ ^ 2 above -+
   theme: unknown theme 'loud' (default, projector, light, projector-light)
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys
  $ MINICC_THEME=loud minicc --tui-script '' --size 80x24 ../../share/minicc/examples/swap.ir 5 | sed -n '18,19p'
  |MINICC_THEME: unknown theme 'loud' (default, projector, light, projector-light|
  |); using default                                                              |
  $ minicc --tui-script '' --theme loud ../../share/minicc/examples/swap.ir 5
  minicc: unknown theme 'loud' (default, projector, light, projector-light)
  [2]
  $ minicc --tui-script '' --theme
  minicc: --theme needs a theme (default, projector, light, projector-light)
  [2]

The light themes (issue 29): `light` keeps the hint role (`d`, which its
table draws dark grey on white rather than dim; tests/unit/test_theme.c
checks the contrast of every pair); `projector-light` marks like the
projector theme.

  $ minicc --tui-script 'nnnn' --attrs --theme light --size 80x24 ../../share/minicc/examples/swap.ir 5 | sed '1,/^--$/d' | grep -c 'd'
  10
  $ minicc --tui-script 'nnnn' --flags --theme projector-light --size 80x24 ../../share/minicc/examples/swap.ir 5 | sed '1,/^--$/d' > pl.txt
  $ minicc --tui-script 'nnnn' --flags --theme projector --size 80x24 ../../share/minicc/examples/swap.ir 5 | sed '1,/^--$/d' | diff - pl.txt && echo same marks
  same marks
  $ rm -f pl.txt
