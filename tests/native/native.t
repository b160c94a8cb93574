The native stage (--stage native): the C backend compiled by $CC (else cc)
and called in a child process. Each program here is also run by agree.sh,
which requires stage input, native and native -O0 to agree exactly.

i32 limits: wraparound of add, sub and mul, the minimum literal, signed
comparisons. limits(3) = 4 * 1000 + 1 + 3 * 65536 = 200609 (see limits.ir);
limits(-32768) = 4001 + (-32768 * 65536 = -2^31); limits(2147483647) =
4001 + (2^47 - 2^16 wrapped = -65536).

  $ sh agree.sh limits.ir 3
  return 200609
  $ sh agree.sh limits.ir -32768
  return -2147479647
  $ sh agree.sh limits.ir 2147483647
  return -61535

Out-of-bounds traps after partial writes: the stores before the trap stay
visible (the buffers live in shared memory).

  $ sh agree.sh trap.ir [0,0,0] 5
  trap: buffer index 3 outside [0,3)
  out = [0, 1, 4]
  [3]
  $ sh agree.sh trap.ir [9,9,9,9] 2
  return 0
  out = [0, 1, 9, 9]

Negative indices trap; they never wrap to the end of the buffer.

  $ sh agree.sh negidx.ir [1,2] 1
  trap: buffer index -1 outside [0,2)
  b = [7, 2]
  [3]
  $ sh agree.sh negidx.ir [1,2] -2147483648
  trap: buffer index -2147483648 outside [0,2)
  b = [7, 2]
  [3]
  $ sh agree.sh negidx.ir [1,2] 0
  return 7
  b = [7, 2]
  $ sh agree.sh negconst.ir [1,2,3]
  trap: buffer index -1 outside [0,3)
  b = [1, 5, 3]
  [3]

A legitimate 0 result is not an error; an empty buffer traps on access.

  $ sh agree.sh zero.ir [0] []
  return 0
  a = [0]
  e = []
  $ sh agree.sh zero.ir [4] []
  trap: buffer index 0 outside [0,0)
  a = [4]
  e = []
  [3]

Phis are parallel copies on edges: a three-way rotation, and a branch whose
two edges go to the same block.

  $ sh agree.sh swapcycle.ir 0
  return 123
  $ sh agree.sh swapcycle.ir 1
  return 231
  $ sh agree.sh swapcycle.ir 2
  return 312
  $ sh agree.sh swapcycle.ir 100
  return 231
  $ sh agree.sh swapcycle.ir 101
  return 312

Names that are C keywords or clash with the backend's own identifiers
(main, int, error, v0, err, goto, minicc_fn, t0, L1, char, while, $edge1).

  $ sh agree.sh names.ir 5 [10,20] 7 100
  return 122
  error = [10, 122]
  $ sh agree.sh names.ir 5 [] 7 100
  trap: buffer index 0 outside [0,0)
  error = []
  [3]

No IR name reaches the C code on its own: outside comments a value is
`v`, its handle, `_` and the IR name with only letters, digits and `_` kept
(the handle keeps them apart), so a keyword or one of the backend's own
names never forms an identifier:

  $ minicc emit-c -O0 names.ir | perl -0pe 's|/\*.*?\*/||gs' | grep -cwE 'int|error|main|goto:|char|while|edge1|a\.b|a_b|v0|v0_len'
  0
  [1]
  $ minicc emit-c -O0 names.ir | grep -o 'int32_t v[0-9]*_[A-Za-z0-9_]* = 0; /\* [^ ]* \*/' | sed -n '1,8p'
  int32_t v4_v0_len = 0; /* v0_len */
  int32_t v5_minicc_fn = 0; /* minicc_fn */
  int32_t v6_t0 = 0; /* t0 */
  int32_t v7_L1 = 0; /* L1 */
  int32_t v8_char = 0; /* char */
  int32_t v9_edge1 = 0; /* $edge1 */
  int32_t v10_a_b = 0; /* a.b */
  int32_t v11_while = 0; /* while */

The generated C compiles without a warning under -Wall -Wextra -Wpedantic
-Werror, for every program here and every IR test program, -O0 and -O1:

  $ t=$(mktemp -d); for f in *.ir ../ir/*.ir ../../share/minicc/examples/*.ir; do
  >   for fn in $(sed -n 's/^func \([^(]*\)(.*/\1/p' $f); do
  >     for O in -O0 -O1; do
  >       minicc emit-c $O --func $fn $f > $t/gen.c || echo "emit-c failed: $f $fn"
  >       cc -std=c11 -Wall -Wextra -Wpedantic -Werror -O2 -c $t/gen.c -o $t/gen.o || echo "warnings: $f $fn $O"
  >     done
  >   done
  > done; rm -rf $t

Nontermination: the interpreter stops at its step budget, native code at
its time limit (--timeout SECONDS, default 5); both are traps.

  $ minicc run forever.ir [0]
  trap: execution step limit exceeded
  b = [99999]
  note: the step budget is 100000 block entries; raise it with --max-steps N
  [3]
  $ minicc run --stage native --timeout 0.3 forever.ir [0] | head -1
  trap: time limit exceeded

The compile cache lives in $XDG_CACHE_HOME/minicc, private to the user.

  $ stat -c %a "$XDG_CACHE_HOME/minicc"
  700
  $ ls "$XDG_CACHE_HOME/minicc" | grep -c 'tmp-'
  0
  [1]

--keep-c DIR keeps the generated source as DIR/FUNC.c:

  $ t=$(mktemp -d) && minicc run --stage native --keep-c $t limits.ir 3 && grep -c minicc_entry $t/limits.c; rm -rf $t
  return 200609
  2

Without a compiler, or when it fails, a clear diagnostic (exit 2) with the
compiler's own messages:

  $ CC=/nonexistent/cc minicc run --stage native limits.ir 3
  minicc run: error: native: cannot run the C compiler '/nonexistent/cc': No such file or directory (install a C compiler or set $CC)
  [2]
  $ t=$(mktemp); CC="cc -Werror=this-is-not-a-flag" minicc run --stage native limits.ir 3 > $t 2>&1; echo $?; head -1 $t; grep -c this-is-not-a-flag $t; rm $t
  2
  minicc run: error: native: the C compiler 'cc' failed (exit status 1):
  1
  $ CC="cc -DEXTRA=1" minicc run --stage native limits.ir 3
  return 200609

emit-c prints the C; -O0 keeps the unoptimized SSA.

  $ minicc emit-c ../../share/minicc/examples/swap.ir | grep -c 'goto L'
  2
  $ minicc emit-c nosuchfile.ir
  minicc emit-c: error: cannot read nosuchfile.ir: No such file or directory
  [2]
