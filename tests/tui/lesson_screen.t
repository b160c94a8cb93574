Lesson narration and tables in the workbench (issue 17, defect 3), on
lesson 5, which has long sweep tables.

Narration is reflowed: the lesson file's line breaks are gone, each
paragraph is wrapped at the pane's width. After Enter the pane shows what
the lesson just added from its start: the new section's heading is the
first line, even at 80x24 where the rest does not fit (the bottom border
counts what is below). Output lines that do not fit end in `>`.

  $ minicc --tui-script '<Enter>' --lesson ../../lessons/05-register-budgets.lesson --size 80x24
  + *lesson: Then spill slots and traffi ++ IR pressure [input] -----------------+
  |== Then spill slots and traffic ==    ||   entry:                             |
  |Six values (a0 .. a5) stay live across||     a0 = copy 1                      |
  |the whole loop. With few registers    ||     a1 = copy 2                      |
  |most values live in spill slots, and  ||     a2 = copy 3                      |
  |every read or write of a slot counts. ||     a3 = copy 4                      |
  |minicc> alloc 1 baseline              ||     a4 = copy 5                      |
  |alloc (baseline, K = 1): 27 nodes, 1 >|+-------------------------- v 24 more -+
  |minicc> machine                       |+ edge --------------------------------+
  |# machine: baseline allocator, K = 1  ||no edge with phis taken yet           |
  |return 84                             ||step (n) into a block with phis:      |
  |stats: instructions=53 copies=16 spil>||its phis read all, then write all     |
  |How many values are live at once? live||                                      |
  |--points writes the live values after ||                                      |
  |every point, and the pressure: those  ||                                      |
  +-------------- ^ 40 above, v 83 more -++--------------------------------------+
  + log -------------------------------------------------------------------------+
  |                                                                              |
  |                                                                              |
  |                                                                              |
  |                                                                              |
  +------------------------------------------------------------------------------+
   step 0 K=1   type your answer (? and Enter shows it)
  type your answer (? and Enter: show it)   : command   F1 keys

The sweep table at 120x40: one row per line, never wrapped; `>` marks the
rows that go on to the right.

  $ minicc --tui-script '<Enter><Enter>18<Enter>?<Enter>' --lesson ../../lessons/05-register-budgets.lesson --size 120x40 | sed -n '1,28p' | cut -c 1-60
  + *lesson: Then spill slots and traffic -------------------+
  |your answer: ?                                            |
  |The answer is: 6                                          |
  |minicc> sweep 4 all                                       |
  |sweep pressure (from ssa): stage input gives return 84    |
  |      baseline                  improved                 >|
  |   K  slots  traffic   copies    slots  traffic   copies >|
  |   1     24      123       16 =      9       54        5 >|
  |   2     22      116       16 =      8       43        2 >|
  |   3     20      109       16 =      7       35        2 >|
  |   4     18      102       16 =      6       30        2 >|
  |(= agrees with stage input, ! diverges, - not run: graph >|
  |all 16 runs agree with stage input                        |
  |Ten live values and four registers: at least 6 values must|
  |live in slots - as long as every value is kept in some    |
  |location (the last section shows the way around that) -   |
  |and the improved and SSA-based allocators reach exactly   |
  |that (6 slots; one per spilled value, each spilled value  |
  |lives in a slot for its whole life). The chapter's        |
  |allocator needs 18: it gives every uncoloured value a     |
  |fresh slot of its own and never reuses one, and its greedy|
  |colouring by degree leaves many values uncoloured.        |
  |minicc> sweep 16 baseline                                 |
  |sweep pressure (from ssa): stage input gives return 84    |
  |   K  allocator  slots  spill_reads spill_writes      tra>|
  |   1  baseline      24           72           51         >|
  |   2  baseline      22           67           49         >|
  +--------------------------------- ^ 125 above, v 19 more -+

Right scrolls the table sideways (by 8 columns); `<` marks that the start
of a line is scrolled away; narration stays where it is.

  $ minicc --tui-script '<Enter><Enter>18<Enter>?<Enter><Right><Right>' --lesson ../../lessons/05-register-budgets.lesson --size 120x40 | sed -n '1,28p' | cut -c 1-60
  + *lesson: Then spill slots and traffic -------------------+
  |your answer: ?                                            |
  |The answer is: 6                                          |
  |<ll                                                       |
  |<rom ssa): stage input gives return 84                    |
  |<               improved                  linear         >|
  |<fic   copies    slots  traffic   copies    slots  traffi>|
  |<123       16 =      9       54        5 =     10       6>|
  |<116       16 =      8       43        2 =      9       5>|
  |<109       16 =      7       35        2 =      8       4>|
  |<102       16 =      6       30        2 =      7       3>|
  |<age input, ! diverges, - not run: graph over its size li>|
  |< with stage input                                        |
  |Ten live values and four registers: at least 6 values must|
  |live in slots - as long as every value is kept in some    |
  |location (the last section shows the way around that) -   |
  |and the improved and SSA-based allocators reach exactly   |
  |that (6 slots; one per spilled value, each spilled value  |
  |lives in a slot for its whole life). The chapter's        |
  |allocator needs 18: it gives every uncoloured value a     |
  |fresh slot of its own and never reuses one, and its greedy|
  |colouring by degree leaves many values uncoloured.        |
  |<baseline                                                 |
  |<rom ssa): stage input gives return 84                    |
  |<slots  spill_reads spill_writes      traffic instruction>|
  |<   24           72           51          123           5>|
  |<   22           67           49          116           5>|
  +--------------------------------- ^ 125 above, v 19 more -+

The attribute layer marks the cut with its own role (m):

  $ minicc --tui-script '<Enter><Enter>18<Enter>?<Enter>' --attrs --lesson ../../lessons/05-register-budgets.lesson --size 120x40 | sed -n '47,53p' | cut -c 1-60
  f.........................................................mf
  f.........................................................mf
  f.........................................................mf
  f.........................................................mf
  f.........................................................mf
  f.........................................................mf
  f.........................................................mf

A paragraph is reflowed at any width: at 200x60 the first paragraph of the
lesson takes four lines in the 80-column pane.

  $ minicc --tui-script '' --lesson ../../lessons/05-register-budgets.lesson --size 200x60 | sed -n '2,6p' | cut -c 1-82
  |== Agreement first ==                                                         || 
  |A register allocation is only interesting if it is right. minicc's machine    || 
  |executes the program through the allocated locations: K registers and a frame || 
  |of spill slots. If two interfering values shared a location, the result would || 
  |be corrupted - so we compare results before anything else.                    || 
