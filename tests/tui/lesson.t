Lesson mode: a narration pane; Enter runs the lesson to its next pause;
at a question Enter opens the command line for the answer.

  $ minicc --tui-script '' --lesson swap.lesson
  + *lesson: Phis are simultaneous ------++ IR swap [input] ---------------------+
  |== Phis are simultaneous ==           || >   c = lt i, n                      |
  |The loop swaps a and b through two    || >   branch c, body, exit             |
  |phis.                                 ||=> body:                              |
  |minicc> load ../../share/minicc/examp>||     i1 = add i, 1                    |
  |loaded ../../share/minicc/examples/sw>||     jump head                        |
  |swap(i32 n): SSA form, 4 blocks       ||   exit:                              |
  |minicc> args 3                        |+---------------- ^ 7 above, v 3 more -+
  |args: 3                               |+ edge head <- entry ------------------+
  |minicc> step 2                        ||head <- entry   step 2                |
  |[1] entry                             ||(a, b, i) := (1, 2, i0)               |
  |  i0 = copy 0           i0 = 0        ||1. read all        2. write all       |
  |  jump head             -> head       ||   a reads 1  = 1  a: - -> 1          |
  |[2] head <- entry                     ||   b reads 2  = 2  b: - -> 2          |
  |  edge head <- entry: (a, b, i) := (1>||   i reads i0 = 0  i: - -> 0          |
  +--------------------------- v 6 more -++--------------------------------------+
  + log -------------------------------------------------------------------------+
  |[1] entry                                                                     |
  |[2] head <- entry                                                             |
  |                                                                              |
  |                                                                              |
  +------------------------------------------------------------------------------+
   step 2 at body K=4   Enter: continue the lesson
  Enter: continue the lesson   : command   ? keys

  $ minicc --tui-script '<Enter><Enter>a = 2<Enter>' --lesson swap.lesson | sed -n '1,18p'
  + *lesson: Phis are simultaneous ------++ IR swap [input] ---------------------+
  |your answer: a = 2                    || >   c = lt i, n                      |
  |Right: a = 2                          || >   branch c, body, exit             |
  |minicc> step 2; print a               ||=> body:                              |
  |[3] body <- head                      ||     i1 = add i, 1                    |
  |  i1 = add i, 1         i1 = 1        ||     jump head                        |
  |  jump head             -> head       ||   exit:                              |
  |[4] head <- body                      |+---------------- ^ 7 above, v 3 more -+
  |  edge head <- body: (a, b, i) := (b,>|+ edge head <- body -------------------+
  |    a  reads b  = 2    1 -> 2         ||head <- body   step 4                 |
  |    b  reads a  = 1    2 -> 1         ||(a, b, i) := (b, a, i1)               |
  |    i  reads i1 = 1    0 -> 1         ||1. read all        2. write all       |
  |  c = lt i, n           c = 1         ||   a reads b  = 2  a: 1 -> 2          |
  |  branch c, body, exit  c = 1 -> body ||   b reads a  = 1  b: 2 -> 1          |
  |a = 2                                 ||   i reads i1 = 1  i: 0 -> 1          |
  +--------------- ^ 23 above, v 1 more -++--------------------------------------+
  + log -------------------------------------------------------------------------+
  |[2] head <- entry                                                             |

The pane's title names the section being played, not the lesson's first one
(lesson 5 has three: "Agreement first", "Then spill slots and traffic", "What
the baseline leaves on the table"):

  $ for keys in '' '<Enter>' '<Enter>?<Enter><Enter>'; do minicc --tui-script "$keys" --lesson ../../lessons/05-register-budgets.lesson --size 100x30 | head -1 | cut -c 1-50; done
  + *lesson: Agreement first ----------------------+
  + *lesson: Then spill slots and traffic ---------+
  + *lesson: What the baseline leaves on the table +

Grading as the prompt's player grades (issue 28 §1): at a question, typing
starts the answer (no Enter first); Enter on an empty answer asks again
instead of revealing; a wrong answer gets a second try, then the lesson's
hint and a last try, then the answer; the lesson ends with the score.

  $ sed 's/^answer a = 2$/answer a = 2\nhint The phis read b, not the new a./' swap.lesson > "$CRAMTMP/h.lesson"
  $ sed -i 's|\.\./\.\./share|'"$PWD"'/../../share|' "$CRAMTMP/h.lesson"
  $ printf '%s\n' "minicc --tui-script \"\$1\" --lesson \"\$2\" --size 80x60 | sed -n '/^|? After/,/^|(/p' | cut -c 1-40 | grep -v '^|  \\|^|\\['" > "$CRAMTMP/lesson"
  $ sh "$CRAMTMP/lesson" '<Enter><Enter><Enter>' swap.lesson
  |? After two more steps, what does     |
  |print a show?                         |
  |(type your answer, or ? to see it)    |
  $ sh "$CRAMTMP/lesson" '<Enter>a = 2<Enter>' swap.lesson
  |? After two more steps, what does     |
  |print a show?                         |
  |your answer: a = 2                    |
  |Right: a = 2                          |
  |minicc> step 2; print a               |
  |a = 2                                 |
  |(Enter: continue)                     |
  $ sh "$CRAMTMP/lesson" '<Enter>a = 1<Enter>b = 2<Enter>' swap.lesson
  |? After two more steps, what does     |
  |print a show?                         |
  |your answer: a = 1                    |
  |Not quite. Try again.                 |
  |your answer: b = 2                    |
  |Not quite. The answer is: a = 2       |
  |minicc> step 2; print a               |
  |a = 2                                 |
  |(Enter: continue)                     |
  $ sh "$CRAMTMP/lesson" '<Enter>a = 1<Enter>b = 2<Enter>' "$CRAMTMP/h.lesson"
  |? After two more steps, what does     |
  |print a show?                         |
  |your answer: a = 1                    |
  |Not quite. Try again.                 |
  |your answer: b = 2                    |
  |Not quite. Hint: The phis read b, not |
  |the new a.                            |
  |(type your answer, then Enter; ? show>|
  $ sh "$CRAMTMP/lesson" '<Enter>a = 1<Enter>b = 2<Enter>a = 2<Enter>' "$CRAMTMP/h.lesson" | sed -n '9,10p'
  |Right: a = 2                          |
  |minicc> step 2; print a               |

The score counts a question right only at the first try:

  $ for keys in '<Enter>a = 2<Enter><Enter>' '<Enter>a = 1<Enter>a = 2<Enter><Enter>' '<Enter>?<Enter><Enter>'; do minicc --tui-script "$keys" --lesson swap.lesson --size 80x60 | grep -o 'of 1 right the first time\.\|[0-9] of 1 right.*first time' | head -1; done
  1 of 1 right the first time
  0 of 1 right the first time
  0 of 1 right the first time

A key that is a command elsewhere (n steps, q quits) starts the answer at a
question; ':' opens the answer line empty, as Enter does:

  $ minicc --tui-script '<Enter>q' --lesson swap.lesson --size 80x24 | tail -2
   step 2 at body K=4   type your answer (? and Enter shows it)
  answer> q
  $ minicc --tui-script '<Enter>:' --lesson swap.lesson --size 80x24 | tail -1 | grep -c '^answer>'
  1
