Diagnostics show the source line of the mistake; bytes in a file that a
terminal would obey (ESC starts an escape sequence that can clear the
screen, set the title or recolour everything after it) are shown visibly
instead: control characters as ^X, C1 controls and bytes that are not UTF-8
as \xNN. The caret stays under the character it points at.

  $ printf 'func f() {\nentry:\n  \033[2Jx = copy 1\n    return x\n}\n' > esc.ir
  $ minicc parse esc.ir
  esc.ir:3:3: error: invalid character U+001B
      ^[[2Jx = copy 1
      ^
  [2]
  $ printf 'func f() {\nentry:\n\t\001\177y = \302\233 1\n}\n' > ctl.ir
  $ minicc parse ctl.ir
  ctl.ir:3:2: error: invalid character U+0001
    	^A^?y = \xc2\x9b 1
    	^
  [2]
  $ printf 'func f() {\nentry:\n    x = c\302\233opy 1\n    return x\n}\n' > c1.ir
  $ minicc parse c1.ir
  c1.ir:3:9: error: unknown opcode 'c' (opcodes: add sub mul lt le eq ne and or xor shl shr div rem copy load call buffer phi)
        x = c\xc2\x9bopy 1
            ^
  [2]

Nothing raw reaches the terminal through the prompt either: its errors
quote a script's words the same way.

  $ printf 'reset\n\033[2Jfoo\n' > esc.mc; minicc -x esc.mc
  reset: execution stopped, pipeline products dropped
  esc.mc:2: error: unknown command '^[[2Jfoo' (try: help)
  [1]
  $ rm esc.mc

  $ minicc -c 'load esc.ir' 2>&1 | LC_ALL=C grep -c "$(printf '\033')"
  0
  [1]

Lesson narration, headings, questions and answers are shown the same way
(playing, exporting); a control character in a lesson's command is an
error.

  $ cp ../../share/minicc/examples/swap.ir swap.ir
  $ printf '== Esc \033]0;owned\007 title\nNarration with \033[2J clear.\n$ load swap.ir\nask Why\033[31m?\nanswer \033[0mbecause\n' > esc.lesson
  $ minicc lesson esc.lesson < /dev/null
  Lesson: Esc ^[]0;owned^G title
  (Enter: continue   b: back   q: quit)
  
  
  == Esc ^[]0;owned^G title ==
  
  Narration with ^[[2J clear.
  minicc> load swap.ir
  loaded swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  
  ? Why^[[31m?
  your answer> 
  $ minicc lesson --export md esc.lesson | head -5
  # Esc ^[]0;owned^G title
  
  *Student handout: answer each question before you run the command after it.*
  
  Narration with ^[[2J clear.
  $ printf '== T\n$ load\033[1m swap.ir\n' > cmd.lesson
  $ minicc lesson --check cmd.lesson
  cmd.lesson:2:7: error: control character in a command
  cmd.lesson: FAILED
  lessons: 0 passed, 1 failed
  [2]
  $ rm -f esc.ir ctl.ir c1.ir swap.ir esc.lesson cmd.lesson
