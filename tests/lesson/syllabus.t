The syllabus: each lesson declares its title, what it teaches and what it
requires; taken in teaching order no lesson uses a concept before the lesson
that teaches it (lessons/README.md, the man page's lesson format).

The shipped lessons pass both checks: the declarations against the order,
and the text against the concept-term list (tests/lesson/concepts.txt).

  $ sh syllabus.sh ../../lessons/[0-9]*.lesson
  syllabus: 0 problems
  $ minicc lesson --check ../../lessons/[0-9]*.lesson | tail -1
  lessons: 27 passed, 0 failed

A term used before its lesson fails, with the line: Briggs's test in lesson 2,
simplify as a word (not inside "simplification").

  $ cp -R ../../lessons "$CRAMTMP/c"
  $ cd "$CRAMTMP" && sed -i 's/^After the loop, exit combines/After the loop (no Briggs, no simplify here), exit combines/' c/02-*.lesson
  $ S=$PWD/syllabus.sh; cd "$CRAMTMP" && sh "$S" c/*.lesson
  c/02-phis-are-simultaneous.lesson:14: uses "briggs" (briggs-george) before c/05-register-budgets.lesson teaches it
  c/02-phis-are-simultaneous.lesson:14: uses " simplify " (simplify-select) before c/05-register-budgets.lesson teaches it
  syllabus: 2 problems
  [1]

A requirement taught only later, or by no lesson, fails both the script and
`minicc lesson --check` (which checks the declarations of the lessons it is
given, in the order given).

  $ cp ../../lessons/[0-9]*.lesson "$CRAMTMP/c/"
  $ cd "$CRAMTMP" && sed -i 's/^requires: phi-destruction, edge-block/requires: coalescing, phi-destruction, edge-block/' c/04-*.lesson
  $ S=$PWD/syllabus.sh; cd "$CRAMTMP" && sh "$S" c/*.lesson
  c/04-liveness-and-interference.lesson:5: requires coalescing, taught only later by c/05-register-budgets.lesson
  syllabus: 1 problem
  [1]
  $ cd "$CRAMTMP" && minicc lesson --check c/04-*.lesson c/05-*.lesson 2>/dev/null
  c/04-liveness-and-interference.lesson: ok
  c/05-register-budgets.lesson: ok
  lessons: 2 passed, 0 failed
  syllabus: 1 problem in the order given
  [1]
  $ cd "$CRAMTMP" && minicc lesson --check c/04-*.lesson c/05-*.lesson 2>&1 >/dev/null
  c/04-liveness-and-interference.lesson:5: error: requires 'coalescing', which is taught only later, by c/05-register-budgets.lesson
  [1]

The shipped lessons out of order: lesson 5 needs lesson 4's concepts.

  $ minicc lesson --check ../../lessons/05-*.lesson ../../lessons/04-*.lesson 2>&1 >/dev/null | head -2
  ../../lessons/05-register-budgets.lesson:5: error: requires 'liveness', which is taught only later, by ../../lessons/04-liveness-and-interference.lesson
  ../../lessons/05-register-budgets.lesson:5: error: requires 'interference', which is taught only later, by ../../lessons/04-liveness-and-interference.lesson
  $ cp ../../lessons/[0-9]*.lesson "$CRAMTMP/c/"
  $ cd "$CRAMTMP" && sed -i 's/^teaches: copy-propagation,/teaches: clique, copy-propagation,/' c/06-*.lesson
  $ cd "$CRAMTMP" && minicc lesson --check c/04-*.lesson c/06-*.lesson 2>&1 | grep error
  c/06-coalescing-and-copy-propagation.lesson:6: error: teaches 'clique', already taught by c/04-liveness-and-interference.lesson

Malformed declarations are reported where they are.

  $ cd "$CRAMTMP" && printf 'teaches: Foo\n== A\n$ help quit\n' > bad1.lesson
  $ cd "$CRAMTMP" && minicc lesson --check bad1.lesson 2>&1 >/dev/null
  bad1.lesson:1:10: error: a concept is a word of lower-case letters, digits and '-', not 'Foo'
  [2]
  $ cd "$CRAMTMP" && printf 'requires:\n== A\n$ help quit\n' > bad2.lesson
  $ cd "$CRAMTMP" && minicc lesson --check bad2.lesson 2>&1 | grep error
  bad2.lesson:1:1: error: 'requires:' needs at least one concept
  $ cd "$CRAMTMP" && printf 'title: A\ntitle: B\nteaches: a, a\n== A\n$ help quit\n' > bad3.lesson
  $ cd "$CRAMTMP" && minicc lesson --check bad3.lesson 2>&1 | grep error
  bad3.lesson:2:1: error: a second 'title:' (the first is on line 1)
  bad3.lesson:3:13: error: concept 'a' listed twice

`lesson --list` shows each lesson's `title:` in teaching order (the file
names' numbers), not its first section heading.

  $ cd ../.. && minicc lesson --list | sed -n '2,6p'
    01-ir-and-interpreter                    The IR and the interpreter
    02-phis-are-simultaneous                 Phis are simultaneous
    03-phi-destruction-on-edges              Phi destruction belongs on edges
    04-liveness-and-interference             Liveness and interference
    05-register-budgets                      Register budgets
  $ cd ../.. && grep -m1 '^==' lessons/06-*.lesson; minicc lesson --list | grep '^  06'
  == A program full of copies
    06-coalescing-and-copy-propagation       Coalescing and copy propagation, a controlled experiment

Narration is Markdown; the player renders its inline code, emphasis and
strong text - bold and underlined on a terminal, plain with NO_COLOR, TERM=dumb
or into a pipe - and never shows the backticks. An asterisk between blanks
and underscores in names are text.

  $ cd "$CRAMTMP" && printf '== Markup\nUse `alloc` *now* and **really**; 65536 * 65536, a*b and $edge2_copy0.\n$ help quit\n' > md.lesson
  $ cd "$CRAMTMP" && minicc lesson md.lesson < /dev/null | grep '^Use'
  Use alloc now and really; 65536 * 65536, a*b and $edge2_copy0.
  $ cd "$CRAMTMP" && env -u NO_COLOR TERM=xterm script -qec "minicc lesson md.lesson" /dev/null < /dev/null | tr -d '\r' | grep '^Use' | cat -v
  Use ^[[1malloc^[[0m ^[[4mnow^[[0m and ^[[1mreally^[[0m; 65536 * 65536, a*b and $edge2_copy0.
  $ cd "$CRAMTMP" && TERM=xterm NO_COLOR=1 script -qec "minicc lesson md.lesson" /dev/null < /dev/null | tr -d '\r' | grep '^Use'
  Use alloc now and really; 65536 * 65536, a*b and $edge2_copy0.
  $ cd "$CRAMTMP" && env -u NO_COLOR TERM=dumb script -qec "minicc lesson md.lesson" /dev/null < /dev/null | tr -d '\r' | grep '^Use'
  Use alloc now and really; 65536 * 65536, a*b and $edge2_copy0.

The handout keeps the Markdown as written.

  $ cd "$CRAMTMP" && minicc lesson --export md md.lesson | grep '^Use'
  Use `alloc` *now* and **really**; 65536 * 65536, a*b and $edge2_copy0.

The syllabus in lessons/README.md and the table in the main README are the
lessons' own declarations: a section, teaches and requires per lesson, and
one README row per lesson.

  $ cd ../.. && for f in lessons/[0-9]*.lesson; do n=$(basename "$f" | cut -c1-2 | sed 's/^0//'); t=$(sed -n 's/^title: //p' "$f"); te=$(sed -n 's/^teaches: //p' "$f"); rq=$(sed -n 's/^requires: //p' "$f"); grep -qxF "| $n | $t | $te |" README.md || echo "README.md: no row for $f"; grep -qxF "### $n. $t" lessons/README.md || echo "lessons/README.md: no section for $f"; grep -qxF -- "- Teaches: $te." lessons/README.md || echo "lessons/README.md: teaches of $f"; [ -z "$rq" ] || grep -qxF -- "- Requires: $rq." lessons/README.md || echo "lessons/README.md: requires of $f"; done; echo checked
  checked
  $ cd ../.. && grep -c '^### [0-9]*\. ' lessons/README.md; ls lessons/[0-9]*.lesson | wc -l
  27
  27

Each "From:" line names, for every concept a lesson requires, the lesson
that teaches it.

  $ cd ../.. && awk 'FNR == 1 { n = FILENAME; sub(/.*\//, "", n); n = substr(n, 1, 2) + 0 } /^teaches: / { sub(/^teaches: /, ""); k = split($0, w, /, /); for (i = 1; i <= k; i++) t[w[i]] = n; next } /^  From: / { s = $0; sub(/^  From: /, "", s); sub(/\.$/, "", s); g = split(s, part, /; /); for (j = 1; j <= g; j++) { m = part[j]; l = m; sub(/.*\(lesson /, "", l); sub(/\)$/, "", l); sub(/ \(lesson [0-9]+\)$/, "", m); k = split(m, w, /, /); for (i = 1; i <= k; i++) if (t[w[i]] != l) print "lessons/README.md:" FNR ": " w[i] " is not taught by lesson " l } }' lessons/[0-9]*.lesson lessons/README.md; echo checked
  checked
