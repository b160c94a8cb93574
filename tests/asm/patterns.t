The instruction patterns as target data (docs/targets.md, "The pattern
tables"): `minicc patterns --target T` prints a target's table in the order
maximal munch tries the rows, the first that applies being the tile. rv64
has 26 rows, x86-64 48; each row: its number, name and cost, the IR it
covers, when it applies, its instructions per opcode and case, what the
emitter may add around them:

  $ minicc patterns --target rv64 | grep -c '^ *[0-9][0-9]*  '
  26
  $ minicc patterns --target x86-64 | grep -c '^ *[0-9][0-9]*  '
  48
  $ minicc patterns --target rv64 | sed -n '1,8p'
  # rv64: 26 instruction patterns in the order maximal munch tries them (the first that applies is the tile)
   1  div/rem by a constant  [cost 1-4]
        covers: x = div|rem a, C  (instruction)
        when:   C is a non-zero constant: it cannot trap, no check
        div: # divw (RISC-V has no division trap): INT_MIN / -1 gives INT_MIN, as the IR defines; divw {x}, {a}, {b}
        rem: # remw (RISC-V has no division trap): INT_MIN % -1 gives 0, as the IR defines; remw {x}, {a}, {b}
        also:   an operand in a slot (lw) or a constant that is not an immediate (li) into t5/t6; a spilled result stored (sw)
   2  div/rem + zero check  [cost 2-5]
  $ minicc patterns --target rv64 | grep -A6 '^ 4  alu reg, imm'
   4  alu reg, imm  [cost 1-3]
        covers: x = add|sub|and|or|xor|shl|shr a, IMM  (instruction)
        when:   IMM fits 12 bits (sub: -IMM; shifts: any count, its low 5 bits); a constant first operand of a commutative op goes second
        add: addiw {x}, {a}, {imm}
        sub: addiw {x}, {a}, {-imm}
        and: andi {x}, {a}, {imm}
        or: ori {x}, {a}, {imm}
  $ minicc patterns --target rv64 | grep -A8 '^16  cmp + branch'
  16  cmp + branch (fused)  [cost 1-4]
        covers: c = lt|le|eq|ne a, b; branch c, T, F  (terminator)
        when:   the compare is the block's last instruction, its only use is the branch and its location is dead after it
        lt, T is next: bge {a}, {b}, {F}
        lt, F is next: blt {a}, {b}, {T}
        lt, neither: blt {a}, {b}, {T}; j {F}
        le, T is next: blt {b}, {a}, {F}
        le, F is next: bge {b}, {a}, {T}
        le, neither: bge {b}, {a}, {T}; j {F}

x86-64 is the default target, as for emit-asm; x64.c selects every tile
by the rows' predicates, as rv64.c does (the prologue's three shapes):

  $ minicc patterns | sed -n '1p'
  # x86-64: 48 instruction patterns in the order maximal munch tries them (the first that applies is the tile)
  $ minicc patterns --target x86-64 | grep -A6 '^47  prologue'
  47  prologue  [cost 5+]
        covers: (the function's entry)  (prologue)
        when:   every function (its shape: calls, a frame)
        calls: push rbp; mov rbp, rsp; sub rsp, {frame}; {saves}; dec rax; mov qword ptr [rbp - 8], rax; js minicc_trap_depth
        no calls, a frame: push rbp; mov rbp, rsp; sub rsp, {frame}; {saves}; dec rax; js minicc_trap_depth
        no calls, no frame: push rbp; mov rbp, rsp; {saves}; dec rax; js minicc_trap_depth
        also:   any number of instructions: the callee-saved registers saved ({saves}: mov), buffer descriptors stored, the parameters moved (mov, xor)
  $ minicc patterns --target x86-64 | grep -A5 '^32  buffer'
  32  buffer (zeroed in the frame)  [cost 3-7]
        covers: b = buffer N  (instruction)
        when:   always (the loop only when N > 0)
        N > 0: zeroed from the end down, r11 counting the bytes: mov r11d, {4n}; {L}:; mov dword ptr [rbp + r11 - {store+4}], 0; sub r11d, 4; jnz {L}; lea r11, [rbp - {store}]; mov {desc}, r11; mov {desclen}, {n}
        N is 0: lea r11, [rbp - {store}]; mov {desc}, r11; mov {desclen}, {n}
  33  call  [cost 2+]
  $ minicc patterns --target x86-64 | grep -A4 '^17  div by 2'
  17  div by 2^k (bias, sar)  [cost 5-7]
        covers: x = div a, ±2^k  (instruction)
        when:   |C| is a power of two
        C > 0: mov r11d, {a}; sar r11d, 31; shr r11d, {32-k}; add r11d, {a}; sar r11d, {k}; mov {x}, r11d
        C < 0: mov r11d, {a}; sar r11d, 31; shr r11d, {32-k}; add r11d, {a}; sar r11d, {k}; neg r11d; mov {x}, r11d
  $ minicc patterns --target x86-64 | grep -A5 '^40  branch on a constant'
  40  branch on a constant  [cost 0-1]
        covers: branch C, T, F  (terminator)
        when:   the condition is a constant
        the target taken is next: (nothing)
        it is not: jmp {to}
  41  cmp [slot], 0 + jnz  [cost 1-3]
  $ minicc patterns --target x86-64 | grep -A5 '^21  cmp; setcc'
  21  cmp; setcc; movzx  [cost 3-5]
        covers: x = lt|le|eq|ne a, b  (instruction)
        when:   the compare's value is used as a number
        text: cmp {a}, {b}; set{cc} {x8}; movzx {x}, {x8}
        b is 0, a not in a slot: the same flags: test {a}, {a}; set{cc} {x8}; movzx {x}, {x8}
        also:   the first operand into r11d first when it is a constant (so is b: a constant a goes second) or both are in slots (mov); a spilled result made in r11d and stored (mov)

The placeholders close the listing:

  $ minicc patterns --target rv64 | grep -A3 '^placeholders:'
  placeholders:
    {x}  the destination's register (t5 when it is spilled, then stored; a0 for the peephole)
    {a}  the first operand's register (a constant or a slot fetched into t5; zero for 0)
    {b}  the second operand's register (fetched into t6)

Bad input: the chapter's machine has no patterns, unknown targets and
options, a FILE (exit 2):

  $ minicc patterns --target chapter
  minicc patterns: error: unknown target 'chapter' (assembly targets: x86-64, rv64; all targets: chapter, x86-64, rv64)
  [2]
  $ minicc patterns --target sparc
  minicc patterns: error: unknown target 'sparc' (assembly targets: x86-64, rv64; all targets: chapter, x86-64, rv64)
  [2]
  $ minicc patterns small.ir
  minicc patterns: error: unexpected argument 'small.ir' (patterns takes no FILE; see: minicc patterns --help)
  [2]
  $ minicc patterns --bogus
  minicc patterns: error: unknown option '--bogus'
  [2]

At the prompt, `target NAME patterns` prints the same table without
changing the session's target; `target patterns` prints the session's:

  $ minicc -c 'target rv64 patterns' | sed -n '2p'
   1  div/rem by a constant  [cost 1-4]
  $ minicc -c 'target x86-64 patterns; target' | tail -1
  target chapter: the abstract machine r0..r(K-1), K set by --regs; conventions split, caller-saved, callee-saved
  $ minicc -c 'target rv64; target patterns' | sed -n '3p'
   1  div/rem by a constant  [cost 1-4]
  $ minicc -c 'target bogus patterns; target chapter patterns; target patterns; target rv64 patterns now; target rv64 pattern' 2>&1
  -c:1: error: target: unknown target 'bogus' (chapter, x86-64, rv64)
  -c:2: error: target: chapter (the abstract machine) has no instruction patterns; `target x86-64 patterns` or `target rv64 patterns`
  -c:3: error: target: chapter (the abstract machine) has no instruction patterns; `target x86-64 patterns` or `target rv64 patterns`
  -c:4: error: target: unexpected argument 'now' (see: help target)
  -c:5: error: target: unexpected argument 'pattern' (see: help target)
  [1]

`emit-asm --trace-select` names the row each tile took (#N, the number in
the listing); on rv64 that is the row the selection walked to:

  $ minicc emit-asm --target rv64 --trace-select small.ir | sed '/^$/,$d' | cut -d: -f1
  f0 -  prologue => #25 prologue [8]
  f0 entry  i.2 = copy 0 => #13 copy [1]
  f0 entry  s.2 = copy 0 => #13 copy [1]
  f0 entry  jump head => #19 jump (fall-through) [0]
  f0 head  c = lt i.2, n; branch c, body, done => #16 cmp + branch (fused) [1]
  f0 body  x = load b, i.2 => #8 load (bounds-checked) [6]
  f0 body  s.3 = add s.2, x => #6 alu reg, reg [1]
  f0 body  i.3 = add i.2, 1 => #4 alu reg, imm [1]
  f0 body  jump head => #20 jump [1]
  f0 done  p = lt 0, n; branch p, divide, zero => #16 cmp + branch (fused) [1]
  f0 divide  q = div s.2, n => #2 div/rem + zero check [2]
  f0 divide  return q => #21 return (computed in a0, epilogue in place) [3]
  f0 zero  return 0 => #24 return [1]
  f0 -  epilogue => #26 epilogue [3]
