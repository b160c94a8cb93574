The pipeline at the prompt: SSA construction, the optimizer, phi destruction,
register allocation, and executing each product. fact(5) = 120 everywhere.

SSA construction versions the reassigned r and n and places two phis at the
loop head (pruned); minimal placement would also place one for c.

  $ minicc -c 'load ../ir/fact_mutable.ir; args 5; ssa; show ssa; ssa minimal; ssa semi'
  loaded ../ir/fact_mutable.ir: 1 function
  fact(i32 n): mutable form, 4 blocks
  args: 5
  ssa (pruned): 2 phis placed, 3 variables, 5 new versions
  phis by placement: minimal 3, semi 2, pruned 2
  # ssa (pruned)
  func fact(i32 n) {
  entry:
      r.1 = copy 1
      jump head
  head:
      n.1 = phi [entry: n], [body: n.2]
      r.2 = phi [entry: r.1], [body: r.3]
      c = lt 0, n.1
      branch c, body, exit
  body:
      r.3 = mul r.2, n.1
      n.2 = sub n.1, 1
      jump head
  exit:
      return r.2
  }
  ssa (minimal): 3 phis placed, 3 variables, 7 new versions
  phis by placement: minimal 3, semi 2, pruned 2
  ssa (semi): 2 phis placed, 3 variables, 5 new versions
  phis by placement: minimal 3, semi 2, pruned 2

The optimizer: -O1, or passes by name; `passes` lists them and what the last
`opt` did.

  $ minicc -c 'load ../ir/fact_mutable.ir; opt dce copyprop; show opt; opt'
  loaded ../ir/fact_mutable.ir: 1 function
  fact(i32 n): mutable form, 4 blocks
  opt (dce copyprop): instructions 4 -> 3, phis 2 -> 2, blocks 4 -> 4
  # opt (dce copyprop)
  func fact(i32 n) {
  entry:
      jump head
  head:
      n.1 = phi [entry: n], [body: n.2]
      r.2 = phi [entry: 1], [body: r.3]
      c = lt 0, n.1
      branch c, body, exit
  body:
      r.3 = mul r.2, n.1
      n.2 = sub n.1, 1
      jump head
  exit:
      return r.2
  }
  opt (-O1): instructions 4 -> 3, phis 2 -> 2, blocks 4 -> 4 (2 rounds)

Phi destruction, the chapter's way: an edge block per edge into the loop head,
every source saved into a temporary first. With `set stage destroyed`, `list`
marks the inserted copies with + and `run` executes the destroyed function.

  $ minicc -c 'load ../ir/fact_mutable.ir; args 5; destroy baseline; set stage destroyed; list; run'
  loaded ../ir/fact_mutable.ir: 1 function
  fact(i32 n): mutable form, 4 blocks
  args: 5
  destroy (baseline, from ssa): 2 edge blocks, 8 copies
  stage destroyed: start, step, run and list use the destroyed function
      func fact(i32 n) {
      entry:
          r.1 = copy 1
          jump $edge1
      head:
          c = lt 0, n.1
          branch c, body, exit
      body:
          r.3 = mul r.2, n.1
          n.2 = sub n.1, 1
          jump $edge2
      exit:
          return r.2
      $edge1:
    +     $edge1_copy0 = copy n
    +     $edge1_copy1 = copy r.1
    +     n.1 = copy $edge1_copy0
    +     r.2 = copy $edge1_copy1
          jump head
      $edge2:
    +     $edge2_copy0 = copy n.2
    +     $edge2_copy1 = copy r.3
    +     n.1 = copy $edge2_copy0
    +     r.2 = copy $edge2_copy1
          jump head
      }
  return 120

Register allocation with two registers, the chapter's allocator: the
interference graph (adjacency list, matrix, colouring order), where each
value lives, and the allocated machine with its spill traffic.

  $ minicc -c 'load ../ir/fact_mutable.ir; args 5; alloc 2 baseline; interference; regs; machine'
  loaded ../ir/fact_mutable.ir: 1 function
  fact(i32 n): mutable form, 4 blocks
  args: 5
  alloc (baseline, K = 2): 11 nodes, 2 registers used, 1 spilled to 1 slot
  interference graph: 11 nodes, 12 edges (baseline allocator, K = 2)
    value         degree  where   neighbours
    n             1       r0      r.1
    c             2       r1      n.1 r.2
    r.1           2       r1      n $edge1_copy0
    n.1           5       r0      c r.2 r.3 $edge1_copy1 $edge2_copy1
    r.2           2       slot0   c n.1
    r.3           3       r1      n.1 n.2 $edge2_copy0
    n.2           1       r0      r.3
    $edge1_copy0  2       r0      r.1 $edge1_copy1
    $edge1_copy1  2       r1      n.1 $edge1_copy0
    $edge2_copy0  2       r0      r.3 $edge2_copy1
    $edge2_copy1  2       r1      n.1 $edge2_copy0
  adjacency matrix (columns numbered as the rows):
                          1  2  3  4  5  6  7  8  9 10 11
   1 n            r0      \  .  x  .  .  .  .  .  .  .  .
   2 c            r1      .  \  .  x  x  .  .  .  .  .  .
   3 r.1          r1      x  .  \  .  .  .  .  x  .  .  .
   4 n.1          r0      .  x  .  \  x  x  .  .  x  .  x
   5 r.2!         slot0   .  x  .  x  \  .  .  .  .  .  .
   6 r.3          r1      .  .  .  x  .  \  x  .  .  x  .
   7 n.2          r0      .  .  .  .  .  x  \  .  .  .  .
   8 $edge1_copy0 r0      .  .  x  .  .  .  .  \  x  .  .
   9 $edge1_copy1 r1      .  .  .  x  .  .  .  x  \  .  .
  10 $edge2_copy0 r0      .  .  .  .  .  x  .  .  .  \  x
  11 $edge2_copy1 r1      .  .  .  x  .  .  .  .  .  x  \
  colouring order: n.1 r.3 $edge1_copy0 $edge1_copy1 $edge2_copy0 $edge2_copy1 c r.1 r.2 n n.2
  # baseline allocator, K = 2
    n            -> r0
    c            -> r1
    r.1          -> r1
    n.1          -> r0
    r.2          -> slot0
    r.3          -> r1
    n.2          -> r0
    $edge1_copy0 -> r0
    $edge1_copy1 -> r1
    $edge2_copy0 -> r0
    $edge2_copy1 -> r1
  2 registers, 1 slot, 1 value spilled
  # machine: baseline allocator, K = 2
  return 120
  stats: instructions=41 copies=24 spill_reads=6 spill_writes=6 registers=2 slots=1

The register-budget sweep, and every stage compared (like `minicc check`):

  $ minicc -c 'load ../ir/fact_mutable.ir; args 5; sweep 3 baseline; check'
  loaded ../ir/fact_mutable.ir: 1 function
  fact(i32 n): mutable form, 4 blocks
  args: 5
  sweep fact (from ssa): stage input gives return 120
     K  allocator  slots  spill_reads spill_writes      traffic instructions     copies  result
     1  baseline       6           24           24           48           41         24  agree
     2  baseline       1            6            6           12           41         24  agree
     3  baseline       0            0            0            0           41         24  agree
  all 3 runs agree with stage input
  input       return 120
  ssa         return 120
  opt         return 120
  alloc K=1   return 120
  alloc K=2   return 120
  alloc K=4   return 120
  alloc K=16  return 120
  native      return 120
  asm x86-64  return 120
  asm rv64    return 120
  agree

The swap loop through every stage, including native code when a C compiler
is there:

  $ minicc -c 'load ../../share/minicc/examples/swap.ir; args 5; check'
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  args: 5
  input       return 21
  ssa         return 21
  opt         return 21
  alloc K=1   return 21
  alloc K=2   return 21
  alloc K=4   return 21
  alloc K=16  return 21
  native      return 21
  asm x86-64  return 21
  asm rv64    return 21
  agree

CFG, dominators and liveness of the swap loop:

  $ minicc -c 'load ../../share/minicc/examples/swap.ir; cfg; dom; live'
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  block  depth  preds                     succs
  entry  0      -                         head
  head   1      entry body                body exit
  body   1      head                      head
  exit   0      head                      -
  reverse postorder: entry head body exit
  block  idom   dominance frontier        children
  entry  -      -                         head
  head   entry  head                      body exit
  body   head   head                      -
  exit   head   -                         -
  dominator tree:
    entry
      head
        body
        exit
  entry  in:  n
         out: n i0
  head   in:  n
         out: n a b i
  body   in:  n a b i
         out: n a b i1
  exit   in:  a b
         out: -

Graphviz: DOT text to the screen or a file.

  $ minicc -c 'load ../../share/minicc/examples/swap.ir; dot cfg; dot dom'
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  digraph "swap" {
    node [shape=box, fontname="monospace"];
    b0 [label="entry:\l    i0 = copy 0\l    jump head\l", penwidth=2];
    b1 [label="head:\l    a = phi [entry: 1], [body: b]\l    b = phi [entry: 2], [body: a]\l    i = phi [entry: i0], [body: i1]\l    c = lt i, n\l    branch c, body, exit\l"];
    b2 [label="body:\l    i1 = add i, 1\l    jump head\l"];
    b3 [label="exit:\l    t = mul a, 10\l    r = add t, b\l    return r\l"];
    b0 -> b1;
    b1 -> b2 [label="true"];
    b1 -> b3 [label="false", style=dashed];
    b2 -> b1;
  }
  digraph "swap_dom" {
    node [shape=ellipse, fontname="monospace"];
    b0 [label="entry"];
    b1 [label="head"];
    b2 [label="body"];
    b3 [label="exit"];
    b0 -> b1;
    b1 -> b2;
    b1 -> b3;
  }
  $ minicc -c 'load ../../share/minicc/examples/swap.ir; dot cfg out.dot' && head -2 out.dot && rm out.dot
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  wrote out.dot
  digraph "swap" {
    node [shape=box, fontname="monospace"];

Pipeline commands on a function without arguments set, and stage errors:

  $ minicc -c 'load ../ir/fact_mutable.ir; machine; sweep; check; native; set stage sideways'
  loaded ../ir/fact_mutable.ir: 1 function
  fact(i32 n): mutable form, 4 blocks
  -c:2: error: machine: no arguments for fact(i32 n) (try: args 4)
  -c:3: error: sweep: no arguments for fact(i32 n) (try: args 4)
  -c:4: error: check: no arguments for fact(i32 n) (try: args 4)
  -c:5: error: native: no arguments for fact(i32 n) (try: args 4)
  -c:6: error: set stage: unknown form 'sideways' (input, ssa, opt, destroyed)
  [1]

Pictures through Graphviz: with a .png or .svg name minicc runs `dot`; when
Graphviz is missing it says how to get it (and how to write the DOT text).

  $ m=$(command -v minicc); PATH=/nonexistent $m -c 'load ../../share/minicc/examples/swap.ir; dot interference ig.png'; test -e ig.png || echo "no ig.png"
  loaded ../../share/minicc/examples/swap.ir: 1 function
  swap(i32 n): SSA form, 4 blocks
  -c:2: error: dot: Graphviz's `dot` is not installed, so ig.png cannot be drawn (install it with `apt-get install graphviz`, or write the DOT text with `dot interference interference.dot`)
  no ig.png
  $ if command -v dot >/dev/null; then minicc -c 'load ../../share/minicc/examples/swap.ir; dot cfg cfg.svg' >/dev/null && grep -c '<svg' cfg.svg; rm -f cfg.svg; else echo 1; fi
  1

Stepping the destroyed function: a breakpoint on an edge block, and the copies
that replaced the loop head's phis executing one after another (first every
source saved, then every destination written: fact(3) = 6).

  $ minicc -c 'load ../ir/fact_mutable.ir; args 3; destroy baseline; set stage destroyed; break $edge2; run; step; continue'
  loaded ../ir/fact_mutable.ir: 1 function
  fact(i32 n): mutable form, 4 blocks
  args: 3
  destroy (baseline, from ssa): 2 edge blocks, 8 copies
  stage destroyed: start, step, run and list use the destroyed function
  breakpoint at $edge2
  breakpoint: $edge2
  after 4 blocks: about to enter $edge2 from body
  [5] $edge2 <- body
    $edge2_copy0 = copy n.2  $edge2_copy0 = 2
    $edge2_copy1 = copy r.3  $edge2_copy1 = 3
    n.1 = copy $edge2_copy0  n.1 = 2   (was 3)
    r.2 = copy $edge2_copy1  r.2 = 3   (was 1)
    jump head                -> head
  breakpoint: $edge2
  after 7 blocks: about to enter $edge2 from body

`check` with the phi bug switched on: the mutable input has no phis and the
SSA's phis do not read each other, so both stay right; the optimizer turns the
swap into a phi copy cycle, which the one-at-a-time update breaks. Stages that
run destroyed phis (alloc, native) are unaffected.

  $ minicc -c 'load ../../lessons/programs/swap_mutable.ir; args 3; set phi-mode sequential; check; set phi-mode parallel; check'
  loaded ../../lessons/programs/swap_mutable.ir: 1 function
  swap(i32 n): mutable form, 4 blocks
  args: 3
  phi-mode sequential: phis assigned one at a time (the classic bug, for teaching)
  # phi-mode sequential: input, ssa and opt assign phis one at a time
  input       return 21
  ssa         return 21
  opt         return 22
  alloc K=1   return 21
  alloc K=2   return 21
  alloc K=4   return 21
  alloc K=16  return 21
  native      return 21
  asm x86-64  return 21
  asm rv64    return 21
  diverge at opt
  phi-mode parallel
  input       return 21
  ssa         return 21
  opt         return 21
  alloc K=1   return 21
  alloc K=2   return 21
  alloc K=4   return 21
  alloc K=16  return 21
  native      return 21
  asm x86-64  return 21
  asm rv64    return 21
  agree
