`--check` proves every answer (issue 28 §2): each question's `shows` line
names the output line and field backing its answer, and `--check` compares
the declared answer with that field exactly. mutate.sh changes each answer
of each lesson to plausible wrong values, one at a time; `--check` must
reject every one: all of them, no known gap.

  $ sh mutate.sh ../../lessons/[0-9]*.lesson
  mutants: 71, 0 accepted

Every question has its `shows` line.

  $ grep -c '^ask ' ../../lessons/[0-9]*.lesson | awk -F: '{ s += $2 } END { print s }'
  36
  $ grep -c '^shows ' ../../lessons/[0-9]*.lesson | awk -F: '{ s += $2 } END { print s }'
  36

The field is read from the first line the pattern matches (`*` one word,
`**` any text), and must be the answer exactly by its kind.

  $ P=$PWD; cd "$CRAMTMP" && printf '== F\n$ load %s/../../lessons/programs/swap.ir\nask n=5?\nanswer number 21\nshows return {}\n$ args 5; run\nask n=5 again?\nanswer number 2\nshows return {}\n$ args 5; run\nask no field?\nanswer number 21\nshows return\n$ args 5; run\n' "$P" > f.lesson; minicc lesson --check f.lesson
  f.lesson:13:1: error: 'shows' needs a pattern with the field marked {}
  f.lesson: FAILED
  lessons: 0 passed, 1 failed
  [2]
  $ cd "$CRAMTMP" && sed -i '11,14d' f.lesson && minicc lesson --check f.lesson 2>&1 | head -2
  f.lesson:7: error: no line of the output of '$ args 5; run' is 'return {}' with the field {} = '2'
    the output was:
