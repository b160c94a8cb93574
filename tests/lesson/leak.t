Student handouts keep the answers (issue 28 §3): for every question of
every lesson, the answer (a number as a whole word, a direction's word,
any alternative of a one-of) does not appear in the student handout from
the question to the end of its section. leak.sh exports each handout and
searches it; before the fix 18 of the 36 questions leaked (lesson 2's
`return 22`, lesson 12's "at K = 9, MaxLive", the next `regs` showing
`1 value spilled`...).

  $ sh leak.sh ../../lessons/[0-9]*.lesson
  questions: 53, 0 leak

The student's copy shows the question and its command without output,
says the rest of the section gives the answer away, and goes on at the
next heading; the teacher's copy keeps everything:

  $ minicc lesson --export md ../../lessons/12-pressure-and-must-spill.lesson | sed -n '/^\*\*Question.\*\* At K = 8/,/^## /p'
  **Question.** At K = 8, how many values must the SSA allocator spill?
  
  Your answer: ______________________
  
  ```
  minicc> alloc 8 ssa
  ```
  
  *Run it yourself and compare with your answer.*
  
  *The rest of this section gives the answer away: it is in the teacher's copy.*
  
  ## Where MaxLive is not enough
  $ minicc lesson --export md --teacher ../../lessons/12-pressure-and-must-spill.lesson | grep -c '1 value spilled'
  1

A leak is found: the teacher's copy, which states every answer, fails.

  $ sed 's/lesson --export md -o/lesson --export md --teacher -o/' leak.sh > "$CRAMTMP/t.sh" && sh "$CRAMTMP/t.sh" ../../lessons/02-phis-are-simultaneous.lesson | tail -1
  questions: 3, 3 leak
