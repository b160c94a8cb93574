An answer is shown by a command's output only as a whole (issue 26): `--check`
holds each expected answer to the output of the command that reveals it, and
`answer 3` used to count as shown by `3rd` in that output (the answer was
looked for as a substring). Numbers must match whole, not as the start of a
word or a longer number: 3rd, 3x, 3.5, x3, -3 and 2.3 do not show 3.

  $ cd "$CRAMTMP" && printf 'func f() {\nentry:\n  x = copy 7\n  return x\n}\n' > f.ir
  $ cd "$CRAMTMP" && for n in 3rd 3x 3.5 x3; do cp f.ir $n.ir; done
  $ cd "$CRAMTMP" && printf 'func f() {\nentry:\n  x = copy 3\n  return x\n}\n' > three.ir
  $ cd "$CRAMTMP" && printf 'func f() {\nentry:\n  x = copy -3\n  return x\n}\n' > minus.ir
  $ cd "$CRAMTMP" && for n in 3rd 3x 3.5 x3 three minus; do printf '== Whole\nask Which number?\nanswer 3\n$ load %s.ir; run\n' $n > $n.lesson; done
  $ cd "$CRAMTMP" && for n in 3rd 3x 3.5 x3 minus; do minicc lesson --check $n.lesson 2>&1 | grep -v 'the output was\|^    '; done
  3rd.lesson:2: error: the answer '3' does not appear in the output of '$ load 3rd.ir; run'
  3rd.lesson: FAILED
  lessons: 0 passed, 1 failed
  3x.lesson:2: error: the answer '3' does not appear in the output of '$ load 3x.ir; run'
  3x.lesson: FAILED
  lessons: 0 passed, 1 failed
  3.5.lesson:2: error: the answer '3' does not appear in the output of '$ load 3.5.ir; run'
  3.5.lesson: FAILED
  lessons: 0 passed, 1 failed
  x3.lesson:2: error: the answer '3' does not appear in the output of '$ load x3.ir; run'
  x3.lesson: FAILED
  lessons: 0 passed, 1 failed
  minus.lesson:2: error: the answer '3' does not appear in the output of '$ load minus.ir; run'
  minus.lesson: FAILED
  lessons: 0 passed, 1 failed

A 3 of its own passes, as does an answer of words or one ending in
punctuation inside a longer line:

  $ cd "$CRAMTMP" && minicc lesson --check three.lesson
  three.lesson: ok
  lessons: 1 passed, 0 failed
  $ cd "$CRAMTMP" && printf '== Words\nask What does it say?\nanswer return 3\n$ load three.ir; run\nask And the file?\nanswer one-of three.ir | 3rd.ir\n$ load three.ir\n' > words.lesson && minicc lesson --check words.lesson
  words.lesson: ok
  lessons: 1 passed, 0 failed
  $ cd "$CRAMTMP" && printf '== Part\nask What does it say?\nanswer retur\n$ load three.ir; run\n' > part.lesson && minicc lesson --check part.lesson 2>&1 | head -1
  part.lesson:2: error: the answer 'retur' does not appear in the output of '$ load three.ir; run'
