The log pane (issue 17, defect 4). At 80x24 it shows 4 lines (it showed 2),
a quarter of the screen: at 200x60 12 lines, the loaded line and 11 blocks.

  $ minicc --tui-script 'nnnnnn' --size 80x24 ../../share/minicc/examples/swap.ir 5 | sed -n '17,22p'
  + log -------------------------------------------------------------------------+
  |[3] body <- head                                                              |
  |[4] head <- body                                                              |
  |[5] body <- head                                                              |
  |[6] head <- body                                                              |
  +------------------------------------------------------------------ ^ 3 above -+
  $ minicc --tui-script 'nnnnnnnnnnnnnnnnnn' --size 200x60 ../../share/minicc/examples/swap.ir 5 | grep -c '^|\[[0-9]*\] '
  11

Lines are kept whole and wrapped at the pane's width when drawn: a long
error wraps at 80 columns and is one line again after the window grows.

  $ minicc --tui-script ':print this_name_is_not_a_value_of_swap_and_the_message_is_long_enough_to_wrap<Enter>' --size 80x24 ../../share/minicc/examples/swap.ir 5 | sed -n '17,22p'
  + log -------------------------------------------------------------------------+
  |loaded ../../share/minicc/examples/swap.ir: 1 function; showing swap          |
  |minicc> print this_name_is_not_a_value_of_swap_and_the_message_is_long_enough_|
  |to_wrap                                                                       |
  |error: print: the program is not running (try: start)                         |
  +------------------------------------------------------------------------------+
  $ minicc --tui-script ':print this_name_is_not_a_value_of_swap_and_the_message_is_long_enough_to_wrap<Enter><Size:160x24>' --size 80x24 ../../share/minicc/examples/swap.ir 5 | sed -n '17,22p'
  + log ---------------------------------------------------------------------------------------------------------------------------------------------------------+
  |loaded ../../share/minicc/examples/swap.ir: 1 function; showing swap                                                                                          |
  |minicc> print this_name_is_not_a_value_of_swap_and_the_message_is_long_enough_to_wrap                                                                         |
  |error: print: the program is not running (try: start)                                                                                                         |
  |                                                                                                                                                              |
  +--------------------------------------------------------------------------------------------------------------------------------------------------------------+

Scrolled back, new output does not move the pane; its title counts the
lines that arrived since, and End shows them again.

  $ minicc --tui-script ':focus log<Enter>nnnnnn<Up><Up>nnn' --size 80x24 ../../share/minicc/examples/swap.ir 5 | sed -n '17,22p'
  + *log (3 new lines below: End shows them) ------------------------------------+
  |[1] entry                                                                     |
  |[2] head <- entry                                                             |
  |[3] body <- head                                                              |
  |[4] head <- body                                                              |
  +-------------------------------------------------------- ^ 2 above, v 5 more -+
  $ minicc --tui-script ':focus log<Enter>nnnnnn<Up><Up>nnn<End>' --size 80x24 ../../share/minicc/examples/swap.ir 5 | sed -n '17,22p'
  + *log ------------------------------------------------------------------------+
  |[6] head <- body                                                              |
  |[7] body <- head                                                              |
  |[8] head <- body                                                              |
  |[9] body <- head                                                              |
  +------------------------------------------------------------------ ^ 7 above -+

`:layout log` gives the log most of the screen (the IR above it at 80x24,
beside it from 150 columns), enough for a sweep at 80x24. Command output
(tables) is not wrapped: `>` marks rows that go on, Right scrolls them.

  $ minicc --tui-script ':layout log<Enter>:sweep 8<Enter>' --size 80x24 ../../share/minicc/examples/swap.ir 5
  + *IR swap [input] ------------------------------------------------------------+
  |   entry:                                                                     |
  |     i0 = copy 0                                                              |
  |     jump head                                                                |
  |   head:                                                                      |
  |     a = phi [entry: 1], [body: b]                                            |
  +------------------------------------------------------------------ v 11 more -+
  + log -------------------------------------------------------------------------+
  |   3  baseline       7           34           29           63           50   >|
  |   3  improved       2           12            7           19           31   >|
  |   4  baseline       3           21           16           37           50   >|
  |   4  improved       1            6            1            7           31   >|
  |   5  baseline       0            0            0            0           50   >|
  |   5  improved       0            0            0            0           31   >|
  |   6  baseline       0            0            0            0           50   >|
  |   6  improved       0            0            0            0           31   >|
  |   7  baseline       0            0            0            0           50   >|
  |   7  improved       0            0            0            0           31   >|
  |   8  baseline       0            0            0            0           50   >|
  |   8  improved       0            0            0            0           31   >|
  |all 16 runs agree with stage input                                            |
  +------------------------------------------------------------------ ^ 9 above -+
   swap | stage input | step 0 | K=4 | not started   ?:keys  ::command  q:quit
  n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys
  $ minicc --tui-script ':layout log<Enter>:sweep 8<Enter><Tab><Right><Right>' --size 80x24 ../../share/minicc/examples/swap.ir 5 | sed -n '9,11p'
  |<    7           34           29           63           50         36  agree  |
  |<    2           12            7           19           31         17  agree  |
  |<    3           21           16           37           50         36  agree  |
  $ minicc --tui-script ':layout log<Enter>:sweep 8<Enter>' --size 160x50 ../../share/minicc/examples/swap.ir 5 | sed -n '1,4p'
  + *IR swap [input] --------------------------------------------++ log -----------------------------------------------------------------------------------------+
  |   entry:                                                     ||loaded ../../share/minicc/examples/swap.ir: 1 function; showing swap                          |
  |     i0 = copy 0                                              ||minicc> layout log                                                                            |
  |     jump head                                                ||minicc> sweep 8                                                                               |
