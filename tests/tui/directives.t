Lessons drive the workbench's screen (issue 17): `screen KEY VALUE...`
switches the layout, the stage (input, ssa, opt, destroyed; allocated is
the destroyed code in the alloc layout), the focus and the zoom. Lesson 3
shows the destroyed code in the IR pane when its narration talks about it:

  $ minicc --tui-script '<Enter><Enter><Enter>10<Enter><Enter>' --lesson ../../lessons/03-phi-destruction-on-edges.lesson --size 120x40 | head -1 | cut -c 60-
  ++ IR lost_copy [destroyed] --------------------------------+

Every name the loader accepts works in the workbench (lesson.h lists them):

  $ cat > screen.lesson <<'X'
  > == Screens
  > $ load ../../share/minicc/examples/swap.ir
  > screen stage ssa layout step focus values
  > pause
  > screen stage opt layout alloc focus interference
  > pause
  > screen stage destroyed layout c focus c
  > pause
  > screen stage allocated focus regs
  > pause
  > screen layout log focus log
  > pause
  > screen stage input layout lesson zoom ir
  > pause
  > screen zoom off focus edge
  > pause
  > screen zoom lesson
  > X
The first row shows the layout, then the focused pane's title:

  $ keys=''; for i in 1 2 3 4 5 6 7 8; do minicc --tui-script "$keys" --lesson screen.lesson --size 100x30 > s.txt; head -1 s.txt | sed 's/--*+/+/g; s/-*$//'; grep -o '+ [*][^-]*' s.txt | head -1 | sed 's/ *$//'; keys="$keys<Enter>"; done
  + IR swap [ssa] ++ *values +
  + *values
  + *interference K=4 (improved) [destroyed] ++ registers K=4 [destroyed] +
  + *interference K=4 (improved) [destroyed]
  + IR swap [destroyed] ++ *C (from opt) +
  + *C (from opt)
  + interference K=4 (improved) [destroyed] ++ *registers K=4 [destroyed] +
  + *registers K=4 [destroyed]
  + IR swap [destroyed] +
  + *log
  + *IR swap [input] (zoomed: z) +
  + *IR swap [input] (zoomed: z)
  + lesson: Screens ++ IR swap [input] +
  + *edge
  + *lesson: Screens (zoomed: z) +
  + *lesson: Screens (zoomed: z)

A name the workbench does not show in the layout is reported in the
narration, and the lesson goes on:

  $ printf '$ load ../../share/minicc/examples/swap.ir\nscreen focus regs\nnarration goes on\n' > miss.lesson
  $ minicc --tui-script '' --lesson miss.lesson --size 100x30 | sed -n '2,8p' | cut -c 1-50
  |minicc> load ../../share/minicc/examples/swap.ir|
  |loaded ../../share/minicc/examples/swap.ir: 1 f>|
  |swap(i32 n): SSA form, 4 blocks                 |
  |(screen: focus regs: the lesson layout has no   |
  |regs pane)                                      |
  |narration goes on                               |
  |(end of the lesson)                             |

The loader checks keys and names (`minicc lesson --check` too):

  $ printf 'screen\nscreen layout\nscreen colour red\nscreen stage allocate\nscreen zoom nothing\nscreen layout step focus\n' > bad.lesson
  $ minicc lesson --check bad.lesson
  bad.lesson:1:1: error: 'screen' needs KEY VALUE pairs (layout, stage, focus, zoom)
  bad.lesson:2:8: error: screen: 'layout' needs a value
  bad.lesson:3:8: error: screen: unknown key 'colour' (layout, stage, focus, zoom)
  bad.lesson:4:14: error: screen: unknown stage 'allocate' (input, ssa, opt, destroyed, allocated)
  bad.lesson:5:13: error: screen: unknown zoom 'nothing' (ir, values, edge, interference, regs, c, log, lesson, asm, off)
  bad.lesson:6:20: error: screen: 'focus' needs a value
  bad.lesson: FAILED
  lessons: 0 passed, 1 failed
  [2]

The prompt ignores the directives: the same lesson plays as if they were
not there.

  $ minicc lesson screen.lesson | grep -c screen
  0
  [1]
  $ minicc lesson --check screen.lesson
  screen.lesson: ok
  lessons: 1 passed, 0 failed
  $ rm -f screen.lesson miss.lesson bad.lesson s.txt
