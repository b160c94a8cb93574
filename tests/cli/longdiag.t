Long diagnostics are whole (issue 26): a message was cut at 4096 bytes (1024
at the prompt and in `args`), losing the reason after a long quoted name.
Now the message line is never cut; a very long source line shows 512 bytes
around the column, its cut ends marked `...`, with the caret under the
character it points at.

A 5,000-character undeclared name (one-shot, then at the prompt): the line
ends with the reason.

  $ cd "$CRAMTMP" && n=$(printf '%05000d' 0 | tr 0 v) && printf 'int f(int a) {\n  int r = a + %s;\n  return r;\n}\n' "$n" > name.c
  $ cd "$CRAMTMP" && minicc run name.c -- 1 2>&1 | head -1 | awk '{ print length($0), substr($0, 1, 24), substr($0, length($0) - 20) }'
  5038 name.c:2:15: error: 'vvv vvvv' is not declared
  $ cd "$CRAMTMP" && minicc -c 'load name.c' 2>&1 | head -1 | awk '{ print length($0), substr($0, 1, 24), substr($0, length($0) - 20) }'
  5038 name.c:2:15: error: 'vvv vvvv' is not declared

A 10,000-character line with the mistake at its end: the message is whole and
short; the quoted line is its last 512 bytes, marked as cut in front, and the
caret stands under the `b` (it used to show the first 512 bytes, blanks, and
a caret under none of them):

  $ cd "$CRAMTMP" && printf 'int f(int a) {\n%9990s return a + b;\n}\n' '' > wide.c && minicc run wide.c -- 1 2>&1 | awk 'NR == 1 { print } NR > 1 { print length($0), substr($0, 1, 5) "|" substr($0, length($0) - 12) "|" }'
  wide.c:2:10003: error: 'b' is not declared
  517   ...|return a + b;|
  516      |            ^|
  $ cd "$CRAMTMP" && minicc run wide.c -- 1 2>&1 | sed -n 2,3p | awk '{ print index($0, "b;"), index($0, "^") }'
  516 0
  0 516

An argument too large for i32 at the prompt, 3,000 digits long, keeps its
reason too:

  $ X=$PWD/../../share/minicc/examples/swap.ir && cd "$CRAMTMP" && minicc -c "load $X; args $(printf '%03000d' 9 | tr 0 9)" 2>&1 | tail -1 | awk '{ print length($0), substr($0, length($0) - 20) }'
  3059  out of range for i32

The mistake in the middle of a long line: both ends cut, the caret under it.

  $ cd "$CRAMTMP" && printf 'int f(int a) {\n%5000s return a + b; %5000s\n}\n' '' '' > mid.c && minicc run mid.c -- 1 2>&1 | awk 'NR == 1 { print } NR == 2 { print length($0), substr($0, 1, 5), substr($0, length($0) - 3), index($0, "b;") } NR == 3 { print index($0, "^") }'
  mid.c:2:5013: error: 'b' is not declared
  520   ...  ... 262
  262
