Grading as a student answers (issue 28 §1). `q LESSON PATTERN ANSWER...`
copies the question of lessons/LESSON*.lesson whose text contains PATTERN,
with its answer line, into a one-question lesson, plays it once per ANSWER
fed on stdin and says whether the player took it.

  $ cat > "$CRAMTMP/q" <<'X'
  > f=$(ls ../../lessons/$1*.lesson); pat=$2; shift 2
  > printf '== Q\n' > "$CRAMTMP/q.lesson"
  > awk -v p="$pat" 'hit { print; exit } /^ask / && index($0, p) { print; hit = 1 }' "$f" >> "$CRAMTMP/q.lesson"
  > for a in "$@"; do
  >   if printf '%s\n' "$a" | minicc lesson "$CRAMTMP/q.lesson" | grep -q 'answer> Right'; then echo "right: $a"; else echo "wrong: $a"; fi
  > done
  > X

Lesson 9: a number question takes the number in the student's words; a
question about one field of the `stats:` line wants that field, not the line.

  $ sh "$CRAMTMP/q" 09 'sumsq return' '35' 'return 35' '35 accesses' '350' '3 5' '36' 'r35'
  right: 35
  right: return 35
  right: 35 accesses
  wrong: 350
  wrong: 3 5
  wrong: 36
  wrong: r35
  $ sh "$CRAMTMP/q" 09 'spill reads are left' '3' 'spill_reads=3' '3 spill reads' '4' '30'
  right: 3
  right: spill_reads=3
  right: 3 spill reads
  wrong: 4
  wrong: 30

Lesson 1: the trap text, blanks and case normalised.

  $ sh "$CRAMTMP/q" 01 'run print first' 'trap: buffer index 3 outside [0,3)' 'trap:  buffer index 3 outside [0, 3)' 'TRAP: Buffer index 3 outside [ 0 , 3 )' 'trap: buffer index 3 outside [0,4)' 'trap: bufferindex 3 outside [0,3)'
  right: trap: buffer index 3 outside [0,3)
  right: trap:  buffer index 3 outside [0, 3)
  right: TRAP: Buffer index 3 outside [ 0 , 3 )
  wrong: trap: buffer index 3 outside [0,4)
  wrong: trap: bufferindex 3 outside [0,3)

Lesson 2: `return 21` answers a number question; lesson 7 a negative one.

  $ sh "$CRAMTMP/q" 02 'And for n = 5' 'return 21' '21' '-21' '12'
  right: return 21
  right: 21
  wrong: -21
  wrong: 12
  $ sh "$CRAMTMP/q" 07 'wrap(0)' '-2147483645' 'return -2147483645' '2147483645'
  right: -2147483645
  right: return -2147483645
  wrong: 2147483645

Lesson 4: sets in braces, `K=5`, the value with a note.

  $ sh "$CRAMTMP/q" 04 'live into exit' '{a, b}' 'a b' 'b,a' '{b}' 'a b b' 'a b n'
  right: {a, b}
  right: a b
  right: b,a
  wrong: {b}
  wrong: a b b
  wrong: a b n
  $ sh "$CRAMTMP/q" 04 'smallest K' 'K=5' '5' 'K = 5' '4' 'K=4'
  right: K=5
  right: 5
  right: K = 5
  wrong: 4
  wrong: K=4
  $ sh "$CRAMTMP/q" 04 'improved allocator spill' 'n' 'n (the parameter)' 'the parameter n' 'b' 'a'
  right: n
  right: n (the parameter)
  right: the parameter n
  wrong: b
  wrong: a

Lesson 8: the stage by its name in the output or in words.

  $ sh "$CRAMTMP/q" 08 'first stage' 'opt' 'optimized SSA' 'diverge at opt' 'alloc' 'ssa'
  right: opt
  right: optimized SSA
  right: diverge at opt
  wrong: alloc
  wrong: ssa

Lesson 11: the endless loop in the student's words or the tool's; the row
`check` prints.

  $ sh "$CRAMTMP/q" 11 'shrunk program do' 'infinite loop' 'it loops forever' 'trap: execution step limit exceeded' 'step limit' 'returns 2' 'return 3'
  right: infinite loop
  right: it loops forever
  right: trap: execution step limit exceeded
  right: step limit
  wrong: returns 2
  wrong: return 3
  $ sh "$CRAMTMP/q" 11 'check name first' 'alloc K=1' 'alloc' 'diverge at alloc' 'opt' 'input'
  right: alloc K=1
  right: alloc
  right: diverge at alloc
  wrong: opt
  wrong: input

Lesson 14: a value's name, alone or with its role.

  $ sh "$CRAMTMP/q" 14 'other than a, b and c' 'n' 'the parameter n' 'N' 'd' 'n and d' 'r0'
  right: n
  right: the parameter n
  right: N
  wrong: d
  wrong: n and d
  wrong: r0

A direction question takes more, fewer or same or a synonym, and not an
answer that names two directions.

  $ printf '== D\nask More or fewer spills at K = 2?\nanswer direction more\n' > "$CRAMTMP/d.lesson"
  $ for a in more higher 'it increases' 'More' fewer less same 'more or less' ''; do
  >   if printf '%s\n' "$a" | minicc lesson "$CRAMTMP/d.lesson" | grep -q 'answer> Right'; then echo "right: $a"; else echo "wrong: $a"; fi
  > done
  right: more
  right: higher
  right: it increases
  right: More
  wrong: fewer
  wrong: less
  wrong: same
  wrong: more or less
  wrong: 
  $ cd "$CRAMTMP" && printf '== D\nask Which way?\nanswer direction up\n' > bad.lesson && minicc lesson --check bad.lesson
  bad.lesson:3:18: error: 'answer direction' needs more, fewer or same, not 'up'
  bad.lesson: FAILED
  lessons: 0 passed, 1 failed
  [2]

Two tries, then the lesson's `hint` and a last try, then the answer. Enter
alone asks again instead of revealing; `?` reveals. The player ends with
the score of first tries.

  $ cd "$CRAMTMP" && printf '== H\nask How many?\nanswer number 3\nhint Count the spill reads in the stats line.\nask Which?\nanswer set a b\nask Why?\nanswer one-of because | so\nask Last?\nanswer number 1\n' > h.lesson
  $ cd "$CRAMTMP" && printf '4\n5\n\n3\n\na b\n?\n1\n' | minicc lesson h.lesson | grep -v '^$'
  Lesson: H
  (Enter: continue   b: back   q: quit)
  == H ==
  ? How many?
  your answer> Not quite. Try again.
  your answer> Not quite. Hint: Count the spill reads in the stats line.
  your answer> (type your answer, or ? to see it)
  your answer> Right: 3
  ? Which?
  your answer> (type your answer, or ? to see it)
  your answer> Right: a b
  ? Why?
  your answer> The answer is: because or so
  ? Last?
  your answer> Right: 1
  End of lesson.
  2 of 4 right the first time.
  $ cd "$CRAMTMP" && printf '4\n5\n6\n' | minicc lesson h.lesson | grep 'answer>'
  your answer> Not quite. Try again.
  your answer> Not quite. Hint: Count the spill reads in the stats line.
  your answer> Not quite. The answer is: 3
  your answer> 

A `hint` belongs right after an answer (a comment may stand between).

  $ cd "$CRAMTMP" && printf '== H\nhint early\nask Q?\nanswer 1\n# note\nhint fine\nhint twice\n' > bad.lesson && minicc lesson --check bad.lesson
  bad.lesson:2:1: error: 'hint' belongs right after an 'answer' line
  bad.lesson:7:1: error: a second 'hint' for the question on line 3
  bad.lesson: FAILED
  lessons: 0 passed, 1 failed
  [2]

Every question of every lesson has a hint (issue 28 §1): after two wrong
tries the student gets it, then a last try.

  $ for f in ../../lessons/[0-9]*.lesson; do awk '/^ask /{ if (q) print FILENAME ": no hint: " q; q = $0; next } /^hint /{ q = "" } /^\$ /{ if (q) print FILENAME ": no hint: " q; q = "" }' "$f"; done
  $ grep -c '^hint ' ../../lessons/[0-9]*.lesson | awk -F: '{ s += $2 } END { print s }'
  81
