`save-session FILE` (issue 29 §6) writes the commands typed at the prompt
that succeeded, the position each reached (`where` and an `expect`, when it
changed) and the notes of `note TEXT`, as a lesson that replays the
session: `minicc lesson --check` reaches every position again. A failed
command, `help` and the commands a script runs are not kept; `load` keeps
the file's absolute name, so the lesson replays from anywhere.

  $ cp ../../share/minicc/examples/gcd.c .
  $ minicc -c 'load gcd.c; args 84 36; nope; step line; note The loop test runs first; step line; help step; rs; source script.mc; save-session s.lesson' 2>&1 | grep -v '^  \|^\[\|^$\|^aliases\|^usage\|^execute\|^Each\|^table\|^with\|^two\|^With\|^(`at\|^the next'
  loaded gcd.c: 1 function
  gcd(i32 a, i32 b): mutable form, 4 blocks
  args: 84 36
  -c:3: error: unknown command 'nope' (try: help)
  at line 15: int t = a % b;
  at line 16: a = b;
  In a program with calls, step enters a call and stops before the
  callee's entry block (next runs it as one instruction: see help next).
  after 2 blocks: about to enter body.L14 from while.L14
  at line 15: int t = a % b;
  -c:9: error: source: cannot open 'script.mc': No such file or directory
  saved the session (5 commands) to s.lesson
  $ sed "s|$PWD|PWD|; s/^/| /" s.lesson
  | title: Session: gcd.c
  | # Saved by the minicc prompt (save-session). Replay it: minicc lesson s.lesson;
  | # check the replay: minicc lesson --check; a handout: minicc lesson --export md.
  | == Session: gcd.c
  | 
  | $ load PWD/gcd.c
  | $ args 84 36
  | $ step line
  | $ where
  | expect after 2 blocks: about to enter body.L14 from while.L14
  | The loop test runs first
  | $ step line
  | $ where
  | expect in body.L14 (step 3), next: a = copy b
  | $ rs
  | $ where
  | expect after 2 blocks: about to enter body.L14 from while.L14
  $ minicc lesson --check s.lesson
  s.lesson: ok
  lessons: 1 passed, 0 failed
  $ minicc lesson --export md s.lesson | grep -c 'The loop test runs first'
  1

A program given on the command line starts the record with its load and
arguments; nothing typed yet writes just those. A file that cannot be
written is an error, and `save-session` needs a FILE; `note` needs TEXT.

  $ printf 'save-session t.lesson\nsave-session /nonexistent/x.lesson\nsave-session\nnote\n' | minicc gcd.c 2>&1
  loaded gcd.c: 1 function
  gcd(i32 a, i32 b): mutable form, 4 blocks
  saved the session (0 commands) to t.lesson
  <stdin>:2: error: save-session: cannot write '/nonexistent/x.lesson': No such file or directory
  <stdin>:3: error: save-session: usage: save-session FILE
  <stdin>:4: error: note: usage: note TEXT (a line of the saved session)
  [1]
  $ sed "s|$PWD|PWD|; s/^/| /" t.lesson | tail -1
  | $ load PWD/gcd.c

The files the test saved are removed (the test runs in the source tree).

  $ rm -f s.lesson t.lesson; test -e s.lesson || test -e t.lesson || echo removed
  removed
