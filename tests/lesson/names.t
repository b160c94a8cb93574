Lesson file names are shown like titles (issue 26): `lesson --list`, the
"names N lessons" error and `--check` printed a file name raw, so a lesson
file named with an escape sequence cleared the screen. Control characters
show as ^X (^[ for ESC), as everywhere minicc shows text from files. od -c
shows what reaches the terminal: no \033.

  $ cd "$CRAMTMP" && mkdir lessons && printf '== One\n$ help quit\n' > "lessons/01-a$(printf '\033')[2Jb.lesson" && printf '== Two\n$ help quit\n' > "lessons/02-a$(printf '\033')[2Jc.lesson" && printf '$ help quit\n' > "lessons/03-no$(printf '\033')[2Jtitle.lesson"
  $ cd "$CRAMTMP" && minicc lesson --list | od -An -c | grep -c '033'
  0
  [1]
  $ cd "$CRAMTMP" && minicc lesson --list | sed -n '/^$/q;p'
  lessons:
    01-a^[[2Jb                               One
    02-a^[[2Jc                               Two
    03-no^[[2Jtitle                          03-no^[[2Jtitle.lesson
  $ cd "$CRAMTMP" && minicc lesson --check a 2>&1; minicc lesson --check a 2>&1 | od -An -c | grep -c '033'
  minicc lesson: error: 'a' names 2 lessons in lessons: 01-a^[[2Jb 02-a^[[2Jc
  a: FAILED
  lessons: 0 passed, 1 failed
  0
  [1]
  $ cd "$CRAMTMP" && minicc lesson --check lessons/03* 2>&1
  lessons/03-no^[[2Jtitle.lesson: ok
  lessons: 1 passed, 0 failed
  $ cd "$CRAMTMP" && minicc lesson "$(printf 'x\033[2J')" 2>&1 | sed 's| in lessons, .*;| in lessons, ...;|'
  minicc lesson: error: no lesson 'x^[[2J' (no such file, and none by that name in lessons, ...; `minicc lesson --list` shows them)

`--export md -o -` writes the handout to standard output (it used to create
a file named `-`), as `--export md` without -o does:

  $ cd "$CRAMTMP" && minicc lesson --export md -o - lessons/01* | head -1; ls -- -
  # One
  ls: cannot access '-': No such file or directory
  [2]
  $ cd "$CRAMTMP" && minicc lesson --export md -o - lessons/01* > a.md && minicc lesson --export md lessons/01* > b.md && cmp a.md b.md && grep -c 'help quit' a.md
  1
