Exercises the tool grades (issue 28 §7): a lesson's `exercise` block hands
the student a construction task, and `minicc lesson --grade DIR` grades a
folder of submissions, one folder per student, against the lessons'
exercises with the engine. Each exercise has a model solution
(lessons/programs/exercises/) and a wrong submission here (grade/).

  $ L=$PWD/../../lessons; cd "$CRAMTMP" && mkdir -p subs/model subs/wrong && cp "$L"/programs/exercises/*.ir "$L"/programs/exercises/*.c subs/model/ && G=$OLDPWD/grade && cp "$G"/seq-bug.ir "$G"/lost-copy.ir "$G"/loop-no-phi.c subs/wrong/ && for e in four-colours copy-cycle baseline-spills constants-free recolour share-a-slot misjudged; do cp "$G"/four-colours.ir subs/wrong/$e.ir; done; ls subs/model | wc -l
  10

Every model passes its exercise and every wrong submission fails, with
the reason in words:

  $ L=$PWD/../../lessons; cd "$CRAMTMP" && minicc lesson --grade subs "$L"/[0-9]*.lesson
  student  seq-bug  lost-copy  copy-cycle  four-colours  baseline-spills  loop-no-phi  constants-free  recolour  share-a-slot  misjudged  score
  model    pass     pass       pass        pass          pass             pass         pass            pass      pass          pass       10/10
  wrong    FAIL     FAIL       FAIL        FAIL          FAIL             FAIL         FAIL            FAIL      FAIL          FAIL       0/10
  
    wrong, seq-bug: With phis assigned one at a time every stage still agrees for n = 3: no phi reads a value that another phi of the same edge assigns, or the run never takes that edge.
    wrong, lost-copy: With the copies at the end of the predecessors every stage still agrees for n = 7: no value a phi overwrites on a critical edge is read on the edge's other way out.
    wrong, copy-cycle: Phi destruction needed no scratch value: the copies of no edge form a cycle (a phi whose value another phi of the same edge reads, round to itself).
    wrong, four-colours: MaxLive is 3, not 4: count the values live after each instruction (`live --points`).
    wrong, baseline-spills: At K = 3 the baseline allocator spilled nothing.
    wrong, loop-no-phi: The optimized function still has a phi: some variable changes in the loop and is read after a trip round it.
    wrong, constants-free: Before `opt` the SSA allocator spilled nothing at K = 5: more values must be live at once.
    wrong, recolour: Recolouring gave no spilled value a register: at K = 2 either nothing spills, or no spilled value has a neighbour in a register that costs less.
    wrong, share-a-slot: At K = 2 no two spilled values share a slot: each spilled value is live somewhere another one is. Let some values die before others are born.
    wrong, misjudged: At K = 2 the traffic measured for n = 100 is not above the estimate (or nothing spills): spill a value read inside a loop that runs n times.
  graded: 2 students, 10 exercises

Without lessons named, every lesson minicc finds (`lesson --list`) is
used: the same table here.

  $ L=$PWD/../../lessons; cd "$CRAMTMP" && minicc lesson --grade subs > all.txt && minicc lesson --grade subs "$L"/[0-9]*.lesson | cmp - all.txt && echo same
  same

A real class: some files missing, one that does not load, one that fails
a second need (four values live at once: the improved allocator spills
too), a file no exercise names, and a CSV beside the table. A student's
name with a comma is quoted in the CSV; a file in DIR is no student.

  $ L=$PWD/../../lessons; G=$PWD/grade; cd "$CRAMTMP" && mkdir -p class/ada class/'lee, bo' && cp "$L"/programs/exercises/four-colours.ir class/ada/ && cp "$G"/broken.ir class/ada/seq-bug.ir && cp "$L"/programs/exercises/four-colours.ir class/'lee, bo'/baseline-spills.ir && cp "$G"/README class/'lee, bo'/notes.txt && touch class/roster.txt && minicc lesson --grade class --csv class.csv "$L"/02-*.lesson "$L"/12-*.lesson "$L"/13-*.lesson; cat class.csv
  minicc lesson: note: --grade: 'roster.txt' is not a student's folder: left out
  student  seq-bug  four-colours  baseline-spills  score
  ada      FAIL     pass          missing          1/3
  lee, bo  missing  missing       FAIL             0/3
  
    ada, seq-bug: 'load seq-bug.ir' failed: seq-bug.ir:4:12: error: use of undefined value 'm'
    lee, bo, baseline-spills: At K = 3 the improved allocator still spilled (spilled values: 1): with more than three values live at once, no allocator can do without spilling.
    lee, bo: 'notes.txt' is no exercise's file (not graded)
  graded: 2 students, 3 exercises
  student,seq-bug,four-colours,baseline-spills,score,of
  ada,fail,pass,missing,1,3
  "lee, bo",missing,missing,fail,0,3

Bad input is a diagnostic and status 2, and nothing is graded:

  $ cd "$CRAMTMP" && minicc lesson --grade nowhere
  minicc lesson: error: --grade: nowhere: No such file or directory
  [2]
  $ cd "$CRAMTMP" && minicc lesson --grade class.csv
  minicc lesson: error: --grade: class.csv: not a directory (one folder per student inside)
  [2]
  $ cd "$CRAMTMP" && mkdir -p empty && minicc lesson --grade empty
  minicc lesson: error: --grade: empty has no student folders (DIR/STUDENT/EXERCISE.ir)
  [2]
  $ cd "$CRAMTMP" && minicc lesson --grade class no-such-lesson 2>err; echo "status $?"; cut -d'(' -f1 err
  status 2
  minicc lesson: error: --grade: no lesson 'no-such-lesson' 
  $ L=$PWD/../../lessons; cd "$CRAMTMP" && minicc lesson --grade class "$L"/01-*.lesson
  minicc lesson: error: --grade: the lessons have no exercises
  [2]
  $ cd "$CRAMTMP" && printf 'exercise x\ntask t\n' > bad.lesson && minicc lesson --grade class bad.lesson
  bad.lesson:1:1: error: the exercise 'x' has no 'model' solution
  minicc lesson: error: --grade: a lesson above cannot be read
  [2]
  $ cd "$CRAMTMP" && minicc lesson --csv out.csv; minicc lesson --grade; minicc lesson --grade class --check
  minicc lesson: error: --csv is only for --grade
  minicc lesson: error: --grade needs a folder of submissions
  minicc lesson: error: --grade takes only --csv and lessons
  [2]
  $ cd "$CRAMTMP" && minicc lesson --grade class --csv nodir/x.csv 02
  minicc lesson: error: --grade: cannot write nodir/x.csv: No such file or directory
  [2]

The loader checks an exercise block; a heading ends it:

  $ cd "$CRAMTMP" && printf '== A\nexercise Bad_Name\nexercise ok\ntask t\ntask again\nmodel m.txt\nwhy early\nneed x\n$ load {}\nneed a {} b\nneed a {} b >= x\nneed a {} {} {} =\nneed no a {} = 1\nneed a {} {} +\nwhy\nnarration here\nexercise ok\n== B\nexercise two\n' > ex.lesson && minicc lesson --check ex.lesson
  ex.lesson:2:10: error: an exercise's name is a word of lower-case letters, digits and '-' (the file handed in is NAME.ir or NAME.c)
  ex.lesson:5:1: error: a second 'task' for the exercise on line 3
  ex.lesson:6:1: error: a model solution is a .ir or a .c (MiniC) file, not 'm.txt'
  ex.lesson:7:1: error: 'why' belongs right after a 'need' line
  ex.lesson:8:1: error: 'need' before any command of the exercise
  ex.lesson:10:1: error: a field {} is compared: 'need PATTERN OP N' (OP one of = != < <= > >=)
  ex.lesson:11:1: error: a field {} is compared: 'need PATTERN OP N' (OP one of = != < <= > >=)
  ex.lesson:12:1: error: 'need' marks one field {} (compared with a number) or two (compared with each other), not 3
  ex.lesson:13:1: error: 'need no' takes a pattern without a field {}
  ex.lesson:14:1: error: two fields {} are compared: 'need PATTERN OP' (OP one of = != < <= > >=)
  ex.lesson:15:1: error: 'why' belongs right after a 'need' line
  ex.lesson:16:1: error: in an exercise only task, model, $ CMD, need and why may stand (a heading ends it)
  ex.lesson:3:1: error: the exercise 'ok' has no 'model' solution
  ex.lesson:17:1: error: a second exercise 'ok' (the first is on line 3)
  ex.lesson:19:1: error: the exercise 'two' has no 'task'
  ex.lesson: FAILED
  lessons: 0 passed, 1 failed
  [2]

`--check` grades the model solution: a model that fails its exercise
fails the lesson, with the reason.

  $ L=$PWD/../../lessons; cd "$CRAMTMP" && mkdir -p programs/exercises && cp "$L"/programs/exercises/four-colours.ir programs/exercises/ && sed -n '/^== Exercise/,$p' "$L"/12-pressure-and-must-spill.lesson | sed 's/= 4$/= 5/; s/not 4/not 5/' > five.lesson && minicc lesson --check five.lesson
  five.lesson:3: error: the model solution programs/exercises/four-colours.ir fails the exercise 'four-colours': MaxLive is 4, not 5: count the values live after each instruction (`live --points`).
  five.lesson: FAILED
  lessons: 0 passed, 1 failed
  [1]

The players show the task where the block stands, and what to hand in:

  $ L=$PWD/../../lessons; echo "lesson $L/12-pressure-and-must-spill.lesson" | minicc | grep -A1 '^Exercise'
  Exercise: Write a function `f(i32 n)` whose interference graph needs exactly four colours: MaxLive 4, so that the SSA allocator spills nothing at K = 4 and must spill at K = 3.
  (Hand in four-colours.ir; minicc lesson --grade grades it.)
  $ L=$PWD/../../lessons; minicc lesson --export md "$L"/12-pressure-and-must-spill.lesson | grep '^\*\*Exercise'
  **Exercise.** Write a function `f(i32 n)` whose interference graph needs exactly four colours: MaxLive 4, so that the SSA allocator spills nothing at K = 4 and must spill at K = 3. Hand in `four-colours.ir`.

Ten lessons end with an exercise (README.md), ten exercises in all, each
with its model:

  $ grep -l '^exercise ' ../../lessons/[0-9]*.lesson | wc -l; grep -h '^exercise ' ../../lessons/[0-9]*.lesson | wc -l; grep -h '^model ' ../../lessons/[0-9]*.lesson | wc -l
  10
  10
  10
  $ grep -c '^Ten lessons end with an exercise' ../../README.md
  1
