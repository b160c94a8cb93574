The lesson player: checking, exporting, and diagnostics for malformed lessons.

  $ cat > ok.lesson <<'X'
  > == A tiny lesson
  > $ load ../../lessons/programs/swap.ir
  > $ args 4; run
  > expect return 12
  > ask and for 5?
  > answer number 21
  > $ args 5; run
  > X
  $ minicc lesson --check ok.lesson
  ok.lesson: ok
  lessons: 1 passed, 0 failed

A wrong expectation names the lesson line and shows the real output.

  $ sed 's/return 12/return 13/' ok.lesson > wrong.lesson
  $ minicc lesson --check wrong.lesson 2>/dev/null
  wrong.lesson: FAILED
  lessons: 0 passed, 1 failed
  [1]

  $ minicc lesson --check wrong.lesson 2>&1 >/dev/null
  wrong.lesson:4: error: expected a line 'return 13' in the output (after '$ args 4; run')
    the output was:
      args: 4
      return 12
  [1]

A command that fails without `expect error` fails the lesson.

  $ printf '$ load nowhere.ir\n' > fails.lesson
  $ minicc lesson --check fails.lesson 2>&1
  fails.lesson:1: error: '$ load nowhere.ir' failed
    the output was:
      nowhere.ir: error: cannot read nowhere.ir: No such file or directory
      error: 'nowhere.ir' not loaded (1 error)
  fails.lesson: FAILED
  lessons: 0 passed, 1 failed
  [1]

Malformed lessons get line-numbered diagnostics and are not run.

  $ printf 'expect return 1\n$ run\nexpcet 3\nask why?\n$ run\npause now\n' > bad.lesson
  $ minicc lesson --check bad.lesson
  bad.lesson:1:1: error: 'expect' before any command
  bad.lesson:3:1: error: unknown directive 'expcet' (did you mean 'expect'?)
  bad.lesson:5:1: error: expected 'answer ...' right after the 'ask' on line 4
  bad.lesson:6:7: error: 'pause' takes no text
  bad.lesson: FAILED
  lessons: 0 passed, 1 failed
  [2]

  $ minicc lesson --check missing.lesson
  missing.lesson: error: cannot read lesson missing.lesson: No such file or directory
  missing.lesson: FAILED
  lessons: 0 passed, 1 failed
  [2]

Bad options.

  $ minicc lesson
  minicc lesson: error: no lesson file given (minicc lesson --help shows the usage)
  [2]

  $ minicc lesson --export pdf ok.lesson
  minicc lesson: error: --export takes 'md' (Markdown), not pdf
  [2]

  $ minicc lesson --frobnicate ok.lesson 2>&1 | head -1
  minicc lesson: error: unknown option '--frobnicate' (minicc lesson --help shows the usage)

The Markdown handout runs every command and shows its real output, except
the output that would give an answer away: the student's copy asks and
leaves room for the answer; `--teacher` gives the answers and every output.

  $ minicc lesson --export md -o out.md ok.lesson && cat out.md
  # A tiny lesson
  
  *Student handout: answer each question before you run the command after it.*
  
  ```
  minicc> load ../../lessons/programs/swap.ir
  loaded ../../lessons/programs/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  ```
  
  ```
  minicc> args 4; run
  args: 4
  return 12
  ```
  
  **Question.** and for 5?
  
  Your answer: ______________________
  
  ```
  minicc> args 5; run
  ```
  
  *Run it yourself and compare with your answer.*
  

Interactive playback reads Enter, answers, `b` and `q` from the terminal.

  $ printf '21\n' | minicc lesson ok.lesson
  Lesson: A tiny lesson
  (Enter: continue   b: back   q: quit)
  
  
  == A tiny lesson ==
  
  minicc> load ../../lessons/programs/swap.ir
  loaded ../../lessons/programs/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  minicc> args 4; run
  args: 4
  return 12
  
  ? and for 5?
  your answer> Right: 21
  
  minicc> args 5; run
  args: 5
  return 21
  
  End of lesson.
  1 of 1 right the first time.

`b` at a pause replays the part before it; the note names the part and
the section as the reader saw them, not lines of the lesson file (on a
terminal `b` acts without Enter: tests/suite/pty.sh).

  $ printf '== One\nfirst\npause\n== Two\nsecond\npause\nthird\npause\n' > parts.lesson
  $ printf '\n\nb\nq\n' | minicc lesson parts.lesson | grep 'back to'
  (back to part 2, in section "Two")
  $ printf 'b\nq\n' | minicc lesson parts.lesson | grep 'back to'
  (back to part 1, in section "One")
  $ rm -f parts.lesson

Narration may wrap onto words close to a directive ("expected", "pauses",
"task", "cause", "except") or start with an IR name such as `$edge1`: only
`$` followed by a blank is a command, and only a one-letter slip of a
directive is reported.

  $ printf '$ help quit\nThe copies of the\nexpected values: a\ntask that may\ncause trouble\nexcept here; it\npauses there.\n$edge1 is a block.\n' > prose.lesson
  $ minicc lesson --check prose.lesson
  prose.lesson: ok
  lessons: 1 passed, 0 failed
  $ printf '$ help quit\nexepct x\npasue\n' > slips.lesson
  $ minicc lesson --check slips.lesson
  slips.lesson:2:1: error: unknown directive 'exepct' (did you mean 'expect'?)
  slips.lesson:3:1: error: unknown directive 'pasue' (did you mean 'pause'?)
  slips.lesson: FAILED
  lessons: 0 passed, 1 failed
  [2]
  $ rm -f prose.lesson slips.lesson

A directory is not a lesson, and an unwritable handout is named.

  $ minicc lesson --check .
  .: error: cannot read lesson .: Is a directory
  .: FAILED
  lessons: 0 passed, 1 failed
  [2]
  $ minicc lesson --export md --teacher ok.lesson | sed -n '/Question/,$p'
  **Question.** and for 5?
  
  **Answer (a number):** 21
  
  ```
  minicc> args 5; run
  args: 5
  return 21
  ```
  
  $ minicc lesson --export md -o no/such/dir/out.md ok.lesson
  minicc lesson: error: cannot write no/such/dir/out.md: No such file or directory
  [2]

An answer is graded by its kind, never by a suffix: `answer TEXT` wants
the whole text (blanks collapsed, case ignored), `answer number N` an
integer equal to N (`1` is not `-1`), `answer set A B` the same words in any
order, each once, and `answer one-of X | Y` one of the alternatives. A
student has two tries; Enter alone is no try (it asks again) and `?` shows
the answer. End of input ends the lesson on a fresh line, with the score of
the questions answered.

  $ printf '$ load ../../lessons/programs/swap.ir\nask reads?\nanswer number 24\n$ args 24\nask ret?\nanswer number -1\n$ args 1\nask live?\nanswer set a b\n$ args 2\nask both?\nanswer set a b\n$ args 2\nask stage?\nanswer one-of opt | diverge at opt\n$ args 3\nask whole?\nanswer return 21\n$ args 21\nask why?\nanswer because\n$ args 2\nask more?\nanswer yes\n$ args 3\n' > ans.lesson
  $ printf '24\n1\n1\nb\nb a\nb, A\n\ndiverge at opt\n21\n21\n?\n' | minicc lesson ans.lesson | grep -v '^minicc>\|^args:\|^loaded\|^swap('
  Lesson: ans.lesson
  (Enter: continue   b: back   q: quit)
  
  
  ? reads?
  your answer> Right: 24
  
  
  ? ret?
  your answer> Not quite. Try again.
  your answer> Not quite. The answer is: -1
  
  
  ? live?
  your answer> Not quite. Try again.
  your answer> Right: a b
  
  
  ? both?
  your answer> Right: a b
  
  
  ? stage?
  your answer> (type your answer, or ? to see it)
  your answer> Right: diverge at opt
  
  
  ? whole?
  your answer> Not quite. Try again.
  your answer> Not quite. The answer is: return 21
  
  
  ? why?
  your answer> The answer is: because
  
  
  ? more?
  your answer> 
  3 of 7 right the first time.

At the prompt in batch mode, stdin holds the rest of the script: `lesson`
plays straight through (answers shown) and the script goes on after it.

  $ printf 'lesson ok.lesson\nargs 5\nrun\n' | minicc ../../lessons/programs/swap.ir
  loaded ../../lessons/programs/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  Lesson: A tiny lesson
  
  
  == A tiny lesson ==
  
  minicc> load ../../lessons/programs/swap.ir
  loaded ../../lessons/programs/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  minicc> args 4; run
  args: 4
  return 12
  
  ? and for 5?
  The answer is: 21
  
  minicc> args 5; run
  args: 5
  return 21
  
  End of lesson.
  args: 5
  return 21

  $ rm -f ok.lesson wrong.lesson fails.lesson bad.lesson out.md ans.lesson
