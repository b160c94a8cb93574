`--check` proves every answer (issue 28 §2): each question's `shows` line
names the output line and field backing its answer, and `--check` compares
the declared answer with that field exactly. mutate.sh changes each answer
of each lesson to plausible wrong values, one at a time; `--check` must
reject every one: all of them, no known gap.

  $ sh mutate.sh ../../lessons/[0-9]*.lesson
  mutants: 160, 0 accepted

Every question has its `shows` line.

  $ grep -c '^ask ' ../../lessons/[0-9]*.lesson | awk -F: '{ s += $2 } END { print s }'
  81
  $ grep -c '^shows ' ../../lessons/[0-9]*.lesson | awk -F: '{ s += $2 } END { print s }'
  81

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

A direction answer compares two numbers: `shows A => B`, each side an
integer or a pattern whose field is one (B's line is searched after A's
first, never A's own): more when B is greater, fewer when smaller, else
same. Returns 12 (n = 4) and 21 (n = 5) in one output:

  $ P=$PWD; cd "$CRAMTMP" && printf '== D\n$ load %s/../../lessons/programs/swap.ir\nask up?\nanswer direction more\nshows return {} => return {}\n$ args 4; run; args 5; run\nask from 21 to 21?\nanswer direction same\nshows 21 => return {}\n$ args 5; run\nask down?\nanswer direction fewer\nshows 30 => return {}\n$ args 5; run\n' "$P" > d.lesson; minicc lesson --check d.lesson
  d.lesson: ok
  lessons: 1 passed, 0 failed
  $ cd "$CRAMTMP" && for w in fewer same; do sed "4s/more/$w/" d.lesson > w.lesson; minicc lesson --check w.lesson 2>&1 | head -1; done
  w.lesson:3: error: the output of '$ args 4; run; args 5; run' does not show 'return {} => return {}' going 'fewer'
  w.lesson:3: error: the output of '$ args 4; run; args 5; run' does not show 'return {} => return {}' going 'same'

Only a direction compares, each side is a number or has one field, and
there are two sides:

  $ cd "$CRAMTMP" && printf '== E\nask a?\nanswer number 3\nshows 1 => x {}\n$ run\nask b?\nanswer direction more\nshows x => y {}\n$ run\nask c?\nanswer direction more\nshows 1 => 2 => 3\n$ run\nask d?\nanswer direction more\nshows {} {} => 2\n$ run\n' > e.lesson; minicc lesson --check e.lesson
  e.lesson:4:1: error: 'shows A => B' compares two numbers: it backs an 'answer direction'
  e.lesson:8:1: error: each side of 'shows A => B' is a number or a pattern with its field marked {}
  e.lesson:12:1: error: 'shows A => B' compares two numbers, not three
  e.lesson:16:1: error: 'shows' marks one field {} per side, not two
  e.lesson: FAILED
  lessons: 0 passed, 1 failed
  [2]
