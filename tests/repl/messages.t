Error messages of the prompt and of `minicc` itself: each names the command
that failed and, for -c, which of the `;`-separated commands it was.

A command that needs a function says which command it was:

  $ minicc -c 'values'
  -c:1: error: values: no function loaded (try: load FILE)
  [1]

An unknown function lists the available ones, as `minicc run --func` does:

  $ minicc -c 'load ../ir/multi.ir; func nope' >/dev/null
  -c:2: error: func: no function 'nope' in ../ir/multi.ir (available: max, gcd, count, clear)
  [1]

A breakpoint on the entry block stops `run` before anything executes (as
gdb stops at a breakpoint on the first line); setting one twice says so:

  $ minicc -c 'load ../../share/minicc/examples/swap.ir; args 3; break entry; break entry; run; continue' | tail -5
  breakpoint at entry
  breakpoint at entry already set
  breakpoint: entry
  at the start: about to enter entry
  return 21

`dot` with a picture name runs Graphviz with the format the extension
names (here a stand-in `dot` that shows its arguments on stderr and draws
on its standard output: the file name is never among them); .dot and .gv
get the DOT text; any other name is refused:

  $ mkdir -p fakebin && printf '#!/bin/sh\necho dot "$@" >&2\necho drawn by dot "$@"\n' >fakebin/dot && chmod +x fakebin/dot
  $ PATH=$PWD/fakebin:$PATH minicc -c 'load ../../share/minicc/examples/swap.ir; dot cfg x.jpg; dot cfg x.gif' 2>&1 | tail -4; cat x.jpg x.gif; rm -f x.jpg x.gif
  dot -Tjpg
  wrote x.jpg
  dot -Tgif
  wrote x.gif
  drawn by dot -Tjpg
  drawn by dot -Tgif
  $ minicc -c 'load ../../share/minicc/examples/swap.ir; dot cfg x.gv; dot cfg x.foo' | tail -1; head -1 x.gv; rm -rf x.gv fakebin
  -c:3: error: dot: cannot tell the picture format of 'x.foo': name it .dot or .gv for DOT text, or .png, .svg, .pdf, .jpg, .gif, ... for a picture
  wrote x.gv
  digraph "swap" {

`help lesson` describes the keys the lesson player accepts:

  $ minicc -c 'help lesson' | grep -A1 'more'
  and their output, pausing at each `-- more (Enter, b, q) --` (Enter: continue,
  b: back to the previous part, q: quit; on a terminal one key, no Enter)

The prompt's `sweep` prints the same table as `minicc sweep`:

  $ minicc -c 'load ../../share/minicc/examples/swap.ir; args 3; sweep 2' | tail -7
  sweep swap (from ssa): stage input gives return 21
     K  allocator  slots  spill_reads spill_writes      traffic instructions     copies  result
     1  baseline      12           35           32           67           34         24  agree
     1  improved       4           19           13           32           25         15  agree
     2  baseline      10           30           27           57           34         24  agree
     2  improved       3           12            9           21           21         11  agree
  all 4 runs agree with stage input
  $ minicc -c 'load ../../share/minicc/examples/swap.ir; args 3; sweep 4,8 baseline' | tail -5
  sweep swap (from ssa): stage input gives return 21
     K  allocator  slots  spill_reads spill_writes      traffic instructions     copies  result
     4  baseline       3           13           10           23           34         24  agree
     8  baseline       0            0            0            0           34         24  agree
  all 2 runs agree with stage input
  $ minicc -c 'load ../../share/minicc/examples/swap.ir; args 3; sweep x' >/dev/null
  -c:3: error: sweep: expected MAX, A..B or a,b,c (budgets 1..4096, at most 1024 of them), got 'x'
  [1]

`minicc` itself: a script that is a directory, a missing .ir file, and
prompt options before a one-shot command:

  $ minicc -x /tmp
  minicc: error: cannot read script '/tmp': Is a directory
  [2]
  $ minicc nosuch.ir
  minicc: error: cannot read nosuch.ir: No such file or directory
  [2]
  $ minicc nosuch
  minicc: error: 'nosuch' is neither a command nor a file (try minicc --help)
  [2]
  $ minicc --bail run swap.ir 3
  minicc: error: a one-shot command comes first (minicc run ...); --bail, -x and -c are for the prompt and batch mode
  [2]
  $ minicc -c 'source /tmp'
  -c:1: error: source: cannot open '/tmp': Is a directory
  [1]
