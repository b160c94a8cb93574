Where a lesson may write (issue 14): a lesson is data handed between
people, and `$ emit /some/path` or `$ dot cfg /some/path.png` in one used to
overwrite that file, even under `--check`. Now a lesson's commands write
only inside one directory the user chose: a fresh temporary directory
(named when the first file is written), or the lesson's own directory with
`--write-here`; `--check` always uses a temporary directory and removes it.

The stage: a directory of precious files next to the lesson's directory,
and traps inside the lesson's directory (links pointing out, a hard link to
a precious file). TMPDIR shows where temporary directories go.

  $ rm -rf w && mkdir -p w/victim w/ld w/tmp w/elsewhere && cd w && for f in a.c b.png c.c d.c hard.c; do echo precious > victim/$f; done
  $ cd w && cp ../../../share/minicc/examples/swap.ir ld/ && ln -s ../victim/a.c ld/link.c && ln -s ../victim ld/linkdir && ln victim/hard.c ld/hard.c && mkdir ld/sub
  $ cd w && printf '$ load swap.ir\n$ emit %s/victim/a.c\nexpect error\n$ dot cfg %s/victim/b.png\nexpect error\n$ emit ../victim/c.c\nexpect error\n$ emit sub/../../victim/d.c\nexpect error\n$ dot cfg ./../victim/b.png\nexpect error\n$ dot cfg -O.dot\n' "$(pwd -P)" "$(pwd -P)" > ld/nasty.lesson
  $ cd w && printf '$ load swap.ir\n$ emit linkdir/a.c\nexpect error\n$ emit link.c\nexpect error\n$ dot cfg link.c.dot\n$ emit hard.c\n$ emit sub/ok.c\n' > ld/traps.lesson
  $ cat > snap.sh <<'X'
  > # snap DIR: every entry, what a link points to, how a file starts
  > cd "$1" && find . | LC_ALL=C sort | while read -r f; do
  >   if [ -L "$f" ]; then echo "$f -> $(readlink "$f")"; elif [ -f "$f" ]; then echo "$f $(head -c 8 "$f")"; else echo "$f/"; fi
  > done
  > X
  $ cd w && bash ../snap.sh victim; bash ../snap.sh ld > ../ld.before
  ./
  ./a.c precious
  ./b.png precious
  ./c.c precious
  ./d.c precious
  ./hard.c precious

`--check` writes only into a temporary directory: the absolute paths and
`..` are refused there too (so every `expect error` holds), and the
directory is removed afterwards:

  $ cd w && TMPDIR=$PWD/tmp minicc lesson --check ld/nasty.lesson; ls -A tmp elsewhere
  ld/nasty.lesson: ok
  lessons: 1 passed, 0 failed
  elsewhere:
  
  tmp:

Played (here at the prompt, from another working directory) it says where
its files go; each refusal names the rule; relative names land in that
directory, not in the working directory or next to the lesson:

  $ cd w/elsewhere && TMPDIR=$(cd ../tmp && pwd -P) minicc -c 'lesson ../ld/nasty.lesson' 2>&1 | sed "s|$(cd .. && pwd -P)|PWD|g; s|minicc-lesson-[A-Za-z0-9]*|minicc-lesson-XXXXXX|g" | grep -v '^loaded\|^swap(\|^$'
  Lesson: nasty.lesson
  minicc> load swap.ir
  minicc> emit PWD/victim/a.c
  error: emit: a lesson may write only inside PWD/tmp/minicc-lesson-XXXXXX: 'PWD/victim/a.c' is an absolute path (use a name relative to it)
  minicc> dot cfg PWD/victim/b.png
  error: dot: a lesson may write only inside PWD/tmp/minicc-lesson-XXXXXX: 'PWD/victim/b.png' is an absolute path (use a name relative to it)
  minicc> emit ../victim/c.c
  error: emit: a lesson may write only inside PWD/tmp/minicc-lesson-XXXXXX: '../victim/c.c' leaves it through '..'
  minicc> emit sub/../../victim/d.c
  error: emit: a lesson may write only inside PWD/tmp/minicc-lesson-XXXXXX: 'sub/../../victim/d.c' leaves it through '..'
  minicc> dot cfg ./../victim/b.png
  error: dot: a lesson may write only inside PWD/tmp/minicc-lesson-XXXXXX: './../victim/b.png' leaves it through '..'
  minicc> dot cfg -O.dot
  (files written by this lesson go to PWD/tmp/minicc-lesson-XXXXXX)
  wrote -O.dot
  End of lesson.
  (the files this lesson wrote are in PWD/tmp/minicc-lesson-XXXXXX)
  $ cd w && ls -A elsewhere; ls -A tmp/*; rm -rf tmp/*
  -O.dot

A lesson whose only write is refused announces no directory and says
nothing about files it wrote (it wrote none), and leaves no empty
temporary directory behind (issue 26: it used to announce one first):

  $ cd w && printf '$ load swap.ir\n$ emit ../victim/c.c\nexpect error\n' > ld/refused.lesson && TMPDIR=$PWD/tmp minicc lesson ld/refused.lesson 2>&1 | grep -v '^loaded\|^swap(\|^$' | sed "s|$(pwd -P)|PWD|g; s|minicc-lesson-[A-Za-z0-9]*|minicc-lesson-XXXXXX|g"; ls -A tmp; rm ld/refused.lesson
  Lesson: refused.lesson
  (Enter: continue   b: back   q: quit)
  minicc> load swap.ir
  minicc> emit ../victim/c.c
  error: emit: a lesson may write only inside PWD/tmp/minicc-lesson-XXXXXX: '../victim/c.c' leaves it through '..'
  End of lesson.

In a fresh temporary directory the links of the lesson's directory are not
even seen. With `--write-here` the files go next to the lesson; links there
are refused, whether the file or a directory on the way is one, and a hard
link to a precious file is replaced, never written through:

  $ cd w && TMPDIR=$PWD/tmp minicc lesson ld/traps.lesson | grep -A2 '^minicc> emit link.c' | sed 's|minicc-lesson-[A-Za-z0-9]*|minicc-lesson-XXXXXX|; s|(files written by this lesson go to .*/|(files written by this lesson go to .../|'; rm -rf tmp/*
  minicc> emit link.c
  (files written by this lesson go to .../minicc-lesson-XXXXXX)
  wrote C for swap (from ssa) to link.c
  $ cd w && minicc lesson --write-here ld/traps.lesson 2>&1 | sed "s|$(pwd -P)|PWD|g" | grep -v '^loaded\|^swap(\|^$'
  Lesson: traps.lesson
  (Enter: continue   b: back   q: quit)
  minicc> load swap.ir
  minicc> emit linkdir/a.c
  error: emit: a lesson may write only inside PWD/ld: 'linkdir/a.c' passes through 'linkdir', a symbolic link
  minicc> emit link.c
  error: emit: a lesson may write only inside PWD/ld: 'link.c' is a symbolic link
  minicc> dot cfg link.c.dot
  wrote link.c.dot
  minicc> emit hard.c
  wrote C for swap (from ssa) to hard.c
  minicc> emit sub/ok.c
  wrote C for swap (from ssa) to sub/ok.c
  End of lesson.
  $ cd w && bash ../snap.sh victim; bash ../snap.sh ld | diff ../ld.before - | sed -n 's/^</was:/p; s/^>/now:/p'
  ./
  ./a.c precious
  ./b.png precious
  ./c.c precious
  ./d.c precious
  ./hard.c precious
  was: ./hard.c precious
  now: ./hard.c /* Gener
  now: ./link.c.dot digraph 
  now: ./sub/ok.c /* Gener

`--check` never writes outside a temporary directory, and a lesson cannot
choose `--write-here` for a lesson it plays:

  $ cd w && minicc lesson --check --write-here ld/nasty.lesson
  minicc lesson: error: --check writes only into a temporary directory; --write-here is for playing or exporting a lesson
  [2]
  $ cd w && minicc -c 'lesson --check --write-here ld/nasty.lesson'
  -c:1: error: lesson: --check writes only into a temporary directory; --write-here is for playing a lesson
  [1]
  $ cd w && printf '$ lesson --write-here inner.lesson\nexpect error\n$ lesson --check inner.lesson\n' > ld/outer.lesson && printf '$ load swap.ir\n$ emit ../victim/a.c\nexpect error\n$ emit inner.c\n' > ld/inner.lesson
  $ cd w && TMPDIR=$PWD/tmp minicc lesson ld/outer.lesson 2>&1 | sed "s|$(pwd -P)|PWD|g; s|minicc-lesson-[A-Za-z0-9]*|minicc-lesson-XXXXXX|g" | grep 'error\|inner\|files'
  minicc> lesson --write-here inner.lesson
  error: lesson: a lesson may write only inside its temporary directory: --write-here inside a lesson
  minicc> lesson --check inner.lesson
  inner.lesson: ok
  (the files this lesson wrote are in PWD/tmp/minicc-lesson-XXXXXX)
  $ cd w && ls -A tmp/*; rm -rf tmp/*
  inner.c

The Markdown handout plays the lesson in a temporary directory that goes
away afterwards:

  $ cd w && TMPDIR=$PWD/tmp minicc lesson --export md -o ../out.md ld/inner.lesson && grep -c 'a lesson may write only inside' ../out.md; ls -A tmp; rm -f ../out.md
  1

In the workbench (`--tui --lesson` and `:lesson`) the lesson's commands have
the same rule; the student's own commands at its command line do not:

  $ cd w && TMPDIR=$PWD/tmp minicc --tui-script '' --size 400x40 --lesson ld/inner.lesson | grep -o 'error: emit: a lesson may write only inside [^:| ]*' | sed "s|$(pwd -P)|PWD|g; s|minicc-lesson-[A-Za-z0-9]*|minicc-lesson-XXXXXX|g"
  error: emit: a lesson may write only inside PWD/tmp/minicc-lesson-XXXXXX
  $ cd w && ls -A tmp/*; rm -rf tmp/*
  inner.c
  $ cd w && TMPDIR=$PWD/tmp minicc --tui-script ':lesson --write-here ld/inner.lesson<Enter>:emit elsewhere/mine.c<Enter>' --size 400x40 | grep -o 'error: emit: a lesson may write only inside [^:| ]*\|wrote C [^|]*mine.c' | sed "s|$(pwd -P)|PWD|g"
  error: emit: a lesson may write only inside PWD/ld
  wrote C for swap (from ssa) to elsewhere/mine.c
  $ cd w && rm ld/inner.c && TMPDIR=$PWD/tmp minicc --tui-script '' --size 400x40 --lesson ld/inner.lesson --write-here | grep -o 'error: emit: a lesson may write only inside [^:| ]*' | sed "s|$(pwd -P)|PWD|g"
  error: emit: a lesson may write only inside PWD/ld
  $ cd w && ls -A tmp ld/inner.c elsewhere
  ld/inner.c
  
  elsewhere:
  mine.c
  
  tmp:

  $ rm -rf w ld.before snap.sh
