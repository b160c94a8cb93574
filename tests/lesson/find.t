Lessons by name: a path is read as it is; a name is looked up in ./lessons,
then $XDG_DATA_HOME/minicc/lessons, then the installed share directory
(tests/suite/install.sh tests that one on an installed copy). Every command
here runs in the scratch directory with XDG_DATA_HOME=$CRAMTMP/xdg.

  $ cd "$CRAMTMP" && mkdir -p lessons xdg/minicc/lessons
  $ cd "$CRAMTMP" && printf '== Phis\n$ help quit\n' > lessons/02-phis-are-simultaneous.lesson
  $ cd "$CRAMTMP" && printf '== Destruction\n$ help quit\n' > lessons/03-phi-destruction.lesson
  $ cd "$CRAMTMP" && printf '== Mine\n$ help quit\n' > xdg/minicc/lessons/09-my-own.lesson
  $ cd "$CRAMTMP" && printf '== Shadowed\n$ help quit\n' > xdg/minicc/lessons/02-phis-are-simultaneous.lesson

By its number, its name with or without the number, or a unique beginning:

  $ cd "$CRAMTMP" && XDG_DATA_HOME=$CRAMTMP/xdg minicc lesson --check 2 02 phis-are-simultaneous 02-phis-are-simultaneous 02-phis-are-simultaneous.lesson phis my-own 9 phi-destruction
  2: ok
  02: ok
  phis-are-simultaneous: ok
  02-phis-are-simultaneous: ok
  02-phis-are-simultaneous.lesson: ok
  phis: ok
  my-own: ok
  9: ok
  phi-destruction: ok
  lessons: 9 passed, 0 failed

A beginning that fits two lessons names both; an unknown name lists where it
looked; a missing `.lesson` file is reported as a file.

  $ cd "$CRAMTMP" && XDG_DATA_HOME=$CRAMTMP/xdg minicc lesson --check phi
  minicc lesson: error: 'phi' names 2 lessons in lessons: 02-phis-are-simultaneous 03-phi-destruction
  phi: FAILED
  lessons: 0 passed, 1 failed
  [2]
  $ cd "$CRAMTMP" && XDG_DATA_HOME=$CRAMTMP/xdg minicc lesson --check nosuch 2>&1 | sed "s|$CRAMTMP|TMP|g; s| or /[^ ]*;| or SHARE/lessons;|"
  minicc lesson: error: no lesson 'nosuch' (no such file, and none by that name in lessons, TMP/xdg/minicc/lessons or SHARE/lessons; `minicc lesson --list` shows them)
  nosuch: FAILED
  lessons: 0 passed, 1 failed
  $ cd "$CRAMTMP" && XDG_DATA_HOME=$CRAMTMP/xdg minicc lesson --check missing.lesson
  missing.lesson: error: cannot read lesson missing.lesson: No such file or directory
  missing.lesson: FAILED
  lessons: 0 passed, 1 failed
  [2]

`--list` shows every directory's lessons with their titles, in byte order,
and marks a lesson hidden by one of the same name earlier in the path (the
last directory's, the tree's lessons for the in-tree build, are cut off here).

  $ cd "$CRAMTMP" && XDG_DATA_HOME=$CRAMTMP/xdg minicc lesson --list | sed "s|$CRAMTMP|TMP|g" | grep -v '^$' | sed -n '/^\//q;p'
  lessons:
    02-phis-are-simultaneous                 Phis
    03-phi-destruction                       Destruction
  TMP/xdg/minicc/lessons:
    02-phis-are-simultaneous                 Shadowed  (hidden by an earlier directory)
    09-my-own                                Mine
  $ minicc lesson --list 2
  minicc lesson: error: --list takes no lesson and no other option
  [2]

At the prompt, and in the workbench's command line, the same names work.

  $ cd "$CRAMTMP" && XDG_DATA_HOME=$CRAMTMP/xdg minicc -c 'lesson --check phis' -c 'lesson --check nosuch' 2>&1 | sed "s|$CRAMTMP|TMP|g; s| or /[^ ]*;| or SHARE/lessons;|"
  phis: ok
  -c:1: error: lesson: no lesson 'nosuch' (no such file, and none by that name in lessons, TMP/xdg/minicc/lessons or SHARE/lessons; `minicc lesson --list` shows them)
  $ cd "$CRAMTMP" && XDG_DATA_HOME=$CRAMTMP/xdg minicc --tui-script ':lesson my-own<Enter>' --size 80x24 | grep -o 'lesson: Mine'
  lesson: Mine
