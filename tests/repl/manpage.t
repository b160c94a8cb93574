The man page lists every prompt command (the command table is the source of
truth: `help` prints it) and every one-shot command (`minicc --help`), and
formats without warnings.

  $ man=../../share/man/man1/minicc.1; plain=$(sed 's/\\-/-/g' $man)
  > minicc -c help | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p' | while read -r c; do
  >   echo "$plain" | grep -Eq "^\.(B|BR|BI) $c( |$)" || echo "prompt command missing from the man page: $c"
  > done
  > minicc --help | sed -n '/^one-shot commands:/,$s/^  \([a-z][a-z-]*\)  .*/\1/p' | while read -r c; do
  >   echo "$plain" | grep -Eq "^\.B minicc $c( |$)" || echo "one-shot command missing from the man page: $c"
  > done
  > minicc -c help | grep -c '^  [a-z]'
  > if command -v groff >/dev/null; then groff -man -Tutf8 -ww -z $man; fi
  60
