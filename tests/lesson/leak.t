Student handouts keep the answers (issue 28 §3): for every question of
every lesson, the answer (a number as a whole word, a direction's word,
any alternative of a one-of) does not appear in the student handout from
the question to the end of its section. leak.sh exports each handout and
searches it; before the fix 18 of the 36 questions leaked (lesson 2's
`return 22`, lesson 12's "at K = 9, MaxLive", the next `regs` showing
`1 value spilled`...).

  $ sh leak.sh ../../lessons/[0-9]*.lesson
  questions: 81, 0 leak

The student's copy shows the question and its command without output,
says what follows gives the answer away, and goes on at the lesson's
`reveal` line (here before the run at K = 9), else at the next heading;
the teacher's copy keeps everything:

  $ minicc lesson --export md ../../lessons/12-pressure-and-must-spill.lesson | sed -n '/^\*\*Question.\*\* At K = 8/,/^## /p'
  **Question.** At K = 8, how many values must the SSA allocator spill?
  
  Your answer: ______________________
  
  ```
  minicc> alloc 8 ssa
  ```
  
  *Run it yourself and compare with your answer.*
  
  *What follows gives the answer away: it is in the teacher's copy.*
  
  *The answer is out: the lesson goes on here.*
  
  At K = 9 nothing spills:
  
  ```
  minicc> alloc 9 ssa
  alloc (ssa, K = 9): 15 nodes, 9 registers used, 0 spilled to 0 slots, 2 copies removed
  ```
  
  ```
  minicc> machine
  # machine: ssa allocator, K = 9
  return 123
  stats: instructions=30 copies=2 spill_reads=0 spill_writes=0 registers=9 slots=0
  ```
  
  ## Where MaxLive is not enough
  $ minicc lesson --export md --teacher ../../lessons/12-pressure-and-must-spill.lesson | grep -c '1 value spilled'
  1

A leak is found: the teacher's copy, which states every answer, fails.

  $ sed 's/lesson --export md -o/lesson --export md --teacher -o/' leak.sh > "$CRAMTMP/t.sh" && sh "$CRAMTMP/t.sh" ../../lessons/02-phis-are-simultaneous.lesson | tail -1
  questions: 3, 3 leak

An author marks where a question's answer is out with `reveal`: the
student's copy hides the lesson from the question to the marker (not to
the section's end) and goes on there, saying so. Returns 21 for n = 5:

  $ P=$PWD; cd "$CRAMTMP" && printf '== Swap\n$ load %s/../../lessons/programs/swap.ir\nask What does swap return for n = 5?\nanswer number 21\nhint Count.\nshows return {}\n$ args 5; run\nIt returns 21: the loop adds.\nreveal\nWith 21 known, try n = 4.\n$ args 4; run\n== Next\nMore.\n' "$P" > r.lesson && minicc lesson --check r.lesson && minicc lesson --export md r.lesson | sed -n '/^\*\*Question/,$p'
  r.lesson: ok
  lessons: 1 passed, 0 failed
  **Question.** What does swap return for n = 5?
  
  Your answer: ______________________
  
  ```
  minicc> args 5; run
  ```
  
  *Run it yourself and compare with your answer.*
  
  *What follows gives the answer away: it is in the teacher's copy.*
  
  *The answer is out: the lesson goes on here.*
  
  With 21 known, try n = 4.
  
  ```
  minicc> args 4; run
  args: 4
  return 12
  ```
  
  ## Next
  
  More.
  $ P=$PWD; cd "$CRAMTMP" && sh "$P/leak.sh" r.lesson
  questions: 1, 0 leak

The leak test searches up to the marker: a second question before it that
gives the first one's answer away is caught, and a handout that does not
resume at every marker (here the teacher's copy, which never hides) fails:

  $ P=$PWD; cd "$CRAMTMP" && sed 's/^It returns 21.*/ask Given 21, what does n = 4 give?\nanswer number 12\nhint Even.\nshows return {}\n$ args 4; run/' r.lesson > r2.lesson && minicc lesson --check r2.lesson >/dev/null && sh "$P/leak.sh" r2.lesson
  r2.lesson:3: the answer 21 is in the student handout after its question: **Question.** Given 21, what does n = 4 give?
  questions: 2, 1 leak
  [1]
  $ P=$PWD; cd "$CRAMTMP" && sed 's/lesson --export md -o/lesson --export md --teacher -o/' "$P/leak.sh" > t.sh && sh t.sh r.lesson
  r.lesson: 1 reveal markers, the student handout resumes at 0
  r.lesson:3: the answer 21 is in the student handout after its question: **Answer (a number):** 21
  questions: 1, 2 leak
  [1]

A marker belongs after a question and the command that answers it, in the
same section, once:

  $ cd "$CRAMTMP" && printf '== A\nreveal\nask q?\nanswer number 1\nreveal\n$ args 1; run\nreveal now\nreveal\nreveal\n== B\nreveal\n' > bad.lesson && minicc lesson --check bad.lesson
  bad.lesson:2:1: error: 'reveal' marks where a question's answer is revealed, but no question of this section waits for one
  bad.lesson:5:1: error: 'reveal' comes before the command that answers the question on line 3
  bad.lesson:7:8: error: 'reveal' takes no text
  bad.lesson:9:1: error: 'reveal' marks where a question's answer is revealed, but no question of this section waits for one
  bad.lesson:11:1: error: 'reveal' marks where a question's answer is revealed, but no question of this section waits for one
  bad.lesson: FAILED
  lessons: 0 passed, 1 failed
  [2]
