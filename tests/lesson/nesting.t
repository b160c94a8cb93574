A lesson that plays itself (issue 14) overflowed the stack (SIGSEGV) through
every entry point. `lesson` now nests at most as deeply as `source` (16
levels, the two counted together), the command that would go deeper says
`nested too deeply`, and every enclosing lesson and script stops there.

  $ printf '$ lesson self.lesson\n' > self.lesson

`minicc lesson --check`: the failure is the nesting, once.

  $ minicc lesson --check self.lesson > out.txt 2>&1; echo "status $?"; grep -c 'nested too deeply' out.txt; grep -v '^ ' out.txt
  status 1
  1
  self.lesson:1: error: '$ lesson self.lesson' failed
  self.lesson: FAILED
  lessons: 0 passed, 1 failed
  $ grep 'nested' out.txt | sed 's/^ *//'
  error: lesson: nested too deeply (more than 16)

Played at the prompt (`-c`): sixteen levels start, the seventeenth is refused.

  $ minicc -c 'lesson self.lesson' > out.txt 2>&1; echo "status $?"; grep -c '^Lesson: self.lesson' out.txt; grep 'nested' out.txt
  status 1
  16
  error: lesson: nested too deeply (more than 16)

A lesson that plays itself three times (each after a failure) stops at the
limit instead of running 3^16 lessons:

  $ printf '$ lesson self3.lesson\n$ lesson self3.lesson\nexpect error\n$ lesson self3.lesson\nexpect error\n' > self3.lesson
  $ minicc lesson self3.lesson > out.txt 2>&1; echo "status $?"; grep -c '^Lesson: self3.lesson' out.txt; grep -c 'nested too deeply' out.txt
  status 0
  16
  1

`source` and `lesson` count together: a script that plays a lesson that
sources the script.

  $ printf 'lesson loop.lesson\n' > loop.mc; printf '$ source loop.mc\n' > loop.lesson
  $ minicc -c 'source loop.mc' > out.txt 2>&1; echo "status $?"; grep -c '^Lesson: loop.lesson' out.txt; grep 'nested' out.txt
  status 1
  8
  error: source: nested too deeply (more than 16)
  $ minicc lesson --check loop.lesson 2>&1 | grep 'nested' | sed 's/^ *//'
  loop.mc:1: error: lesson: nested too deeply (more than 16)

A script that sources itself twice per level stops at the limit too (it
would run 2^16 times), and the prompt carries on with its next command:

  $ printf 'source twice.mc\nsource twice.mc\n' > twice.mc
  $ minicc -c 'source twice.mc; help quit' 2>&1
  twice.mc:1: error: source: nested too deeply (more than 16)
  usage: quit
  leave minicc (also Ctrl-D)
  aliases: q exit
  [1]

In the workbench, `--tui --lesson` and `:lesson` (the narration pane shows
the refusal at the end of what the lesson printed, End scrolls there; the
workbench goes on):

  $ minicc --tui-script '<End>' --size 100x60 --lesson self.lesson | grep -o 'error: lesson: nested too deeply (more than 16)'
  error: lesson: nested too deeply (more than 16)
  $ minicc --tui-script ':lesson self.lesson<Enter><End>:load ../../share/minicc/examples/swap.ir<Enter>' --size 100x60 | grep -o 'error: lesson: nested too deeply (more than 16)\|loaded .*swap.ir: 1 function'
  error: lesson: nested too deeply (more than 16)
  loaded ../../share/minicc/examples/swap.ir: 1 function

  $ rm -f self.lesson self3.lesson loop.mc loop.lesson twice.mc out.txt
