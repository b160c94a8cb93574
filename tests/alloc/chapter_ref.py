#!/usr/bin/env python3
"""chapter_ref.py - development aid only (not run by make check: python3 is not
guaranteed). An independent transcription of the chapter's §32.2-§32.4 Python
(destroy_phis, interference, allocate, execute_allocated) with a tiny reader
for the minicc text format, used to cross-check `minicc run --stage alloc
--allocator baseline -O0 --stats` to the number.

usage: chapter_ref.py FILE.ir K [FUNC] -- ARG...   (SSA input; prints the
return line and the stats line exactly as minicc does)
"""
import re
import sys
from copy import deepcopy
from itertools import combinations

def i32(x):
    x &= 0xFFFFFFFF
    return x - (1 << 32) if x & 0x80000000 else x

def quot(x, y):  # truncating toward zero (docs/ir.md §3.1); y != 0
    q = abs(x) // abs(y)
    return q if (x < 0) == (y < 0) else -q

def alu(op, a):
    if op == "copy": return a[0]
    x, y = a
    return {"add": lambda: i32(x + y), "sub": lambda: i32(x - y), "mul": lambda: i32(x * y),
            "lt": lambda: int(x < y), "le": lambda: int(x <= y), "eq": lambda: int(x == y),
            "ne": lambda: int(x != y),
            # docs/ir.md §3.1 (not the chapter's): the caller has ruled out y == 0
            "div": lambda: i32(quot(x, y)), "rem": lambda: i32(x - quot(x, y) * y),
            "and": lambda: i32(x & y), "or": lambda: i32(x | y), "xor": lambda: i32(x ^ y),
            "shl": lambda: i32(x << (y & 31)), "shr": lambda: i32(x >> (y & 31))}[op]()

class Ins:
    def __init__(s, op, dest, args): s.op, s.dest, s.args = op, dest, tuple(args)
class Term:
    def __init__(s, op, args=(), targets=()): s.op, s.args, s.targets = op, tuple(args), tuple(targets)
class Phi:
    def __init__(s, dest, incoming): s.dest, s.incoming = dest, incoming
class Block:
    def __init__(s, ins, term, phis=None): s.instructions, s.terminator, s.phis = ins, term, phis or []
class Fn:
    pass

def value(tok): return int(tok) if re.fullmatch(r"-?\d+", tok) else tok

def parse(text, want=None):
    text = re.sub(r"#[^\n]*", "", text)
    toks = re.findall(r"-?\d+|[A-Za-z_$.][A-Za-z0-9_$.]*|[{}()\[\],:=]", text)
    pos = 0
    def nxt():
        nonlocal pos
        pos += 1
        return toks[pos - 1]
    funcs = []
    while pos < len(toks):
        assert nxt() == "func"
        fn = Fn(); fn.name = nxt(); fn.parameters = []; fn.blocks = {}
        assert nxt() == "("
        while toks[pos] != ")":
            kind = nxt(); name = nxt(); fn.parameters.append((name, kind))
            if toks[pos] == ",": nxt()
        nxt(); assert nxt() == "{"
        cur = None
        while toks[pos] != "}":
            if toks[pos + 1] == ":" and toks[pos] not in ("return", "jump", "branch", "store"):
                cur = nxt(); nxt(); fn.blocks[cur] = Block([], None, [])
                continue
            t = nxt()
            if t == "return": fn.blocks[cur].terminator = Term("return", [value(nxt())])
            elif t == "jump": fn.blocks[cur].terminator = Term("jump", [], [nxt()])
            elif t == "branch":
                c = value(nxt()); nxt(); a = nxt(); nxt(); b = nxt()
                fn.blocks[cur].terminator = Term("branch", [c], [a, b])
            elif t == "store":
                b = nxt(); nxt(); i = value(nxt()); nxt(); v = value(nxt())
                fn.blocks[cur].instructions.append(Ins("store", None, [b, i, v]))
            else:
                assert nxt() == "="
                op = nxt()
                if op == "phi":
                    inc = {}
                    while True:
                        assert nxt() == "["; p = nxt(); nxt(); v = value(nxt()); assert nxt() == "]"
                        inc[p] = v
                        if toks[pos] != ",": break
                        nxt()
                    fn.blocks[cur].phis.append(Phi(t, inc))
                elif op == "copy": fn.blocks[cur].instructions.append(Ins("copy", t, [value(nxt())]))
                else:
                    a = value(nxt()); nxt(); b = value(nxt())
                    fn.blocks[cur].instructions.append(Ins(op, t, [a, b]))
        nxt()
        fn.entry = next(iter(fn.blocks))
        fn.ssa = True
        funcs.append(fn)
    return funcs if want is None else [f for f in funcs if f.name == want]

def operands(args): return {a for a in args if not isinstance(a, int)}

def liveness(fn):
    inc = {b: set() for b in fn.blocks}; out = {b: set() for b in fn.blocks}
    changed = True
    while changed:
        changed = False
        for name in reversed(list(fn.blocks)):
            blk = fn.blocks[name]
            o = set()
            for t in blk.terminator.targets: o |= inc[t]
            live = o | operands(blk.terminator.args)
            for ins in reversed(blk.instructions):
                if ins.dest is not None: live.discard(ins.dest)
                live |= operands(ins.args)
            if o != out[name] or live != inc[name]:
                out[name], inc[name] = o, live; changed = True
    return inc, out

# ---- the chapter, transcribed ----
def destroy_phis(original):
    function = deepcopy(original)
    counter = 0
    for parent, block in list(function.blocks.items()):
        targets = list(block.terminator.targets)
        for index, target in enumerate(targets):
            phis = function.blocks[target].phis
            if not phis: continue
            counter += 1
            edge = f"$edge{counter}"
            reads, writes = [], []
            for i, phi in enumerate(phis):
                temporary = f"$edge{counter}_copy{i}"
                reads.append(Ins("copy", temporary, (phi.incoming[parent],)))
                writes.append(Ins("copy", phi.dest, (temporary,)))
            function.blocks[edge] = Block(reads + writes, Term("jump", targets=(target,)))
            targets[index] = edge
        block.terminator.targets = tuple(targets)
    for block in function.blocks.values(): block.phis.clear()
    function.ssa = False
    return function

def interference(function):
    _, outgoing = liveness(function)
    buffers = {n for n, k in function.parameters if k == "buf"}
    neighbors = {}
    def ensure(values):
        for value in values - buffers: neighbors.setdefault(value, set())
    def connect(a, b):
        if a == b or a in buffers or b in buffers: return
        ensure({a, b}); neighbors[a].add(b); neighbors[b].add(a)
    parameters = {n for n, k in function.parameters if k == "i32"}
    ensure(parameters)
    for a, b in combinations(sorted(parameters), 2): connect(a, b)
    for name, block in function.blocks.items():
        live = (outgoing[name] | operands(block.terminator.args)) - buffers
        ensure(live)
        for instruction in reversed(block.instructions):
            if instruction.dest is not None:
                ensure({instruction.dest}); live.discard(instruction.dest)
                for value in live: connect(instruction.dest, value)
            live |= operands(instruction.args) - buffers
            ensure(live)
    return neighbors

def allocate(function, registers):
    neighbors = interference(function)
    locations, spills = {}, 0
    for value in sorted(neighbors, key=lambda v: (-len(neighbors[v]), v)):
        unavailable = {locations[n][1] for n in neighbors[value] if n in locations and locations[n][0] == "register"}
        available = next((r for r in range(registers) if r not in unavailable), None)
        if available is None: locations[value] = ("slot", spills); spills += 1
        else: locations[value] = ("register", available)
    for value, adjacent in neighbors.items():
        for other in adjacent: assert locations[value] != locations[other]
    return locations, spills

def execute_allocated(function, locations, registers, slots, arguments, max_steps=100000):
    env = dict(zip([n for n, _ in function.parameters], arguments))
    buffers = {n: env[n] for n, k in function.parameters if k == "buf"}
    storage = {"register": [0] * registers, "slot": [0] * slots}
    counts = {"spill_reads": 0, "spill_writes": 0, "instructions": 0}
    def write(name, v):
        loc = locations[name]; storage[loc[0]][loc[1]] = v
        if loc[0] == "slot": counts["spill_writes"] += 1
    def read(v):
        if isinstance(v, int): return v
        if v in buffers: return buffers[v]
        loc = locations[v]
        if loc[0] == "slot": counts["spill_reads"] += 1
        return storage[loc[0]][loc[1]]
    for n, k in function.parameters:
        if k == "i32": write(n, env[n])
    current = function.entry
    for _ in range(max_steps):
        block = function.blocks[current]
        for ins in block.instructions:
            counts["instructions"] += 1
            args = [read(v) for v in ins.args]
            if ins.op in ("load", "store"):
                buf, idx = args[:2]
                if not 0 <= idx < len(buf): return ("trap", f"buffer index {idx} outside [0,{len(buf)})"), counts
                if ins.op == "load": result = i32(buf[idx])
                else: buf[idx] = i32(args[2]); result = None
            elif ins.op in ("div", "rem") and args[1] == 0: return ("trap", "division by zero"), counts
            else: result = alu(ins.op, args)
            if ins.dest is not None: write(ins.dest, result)
        term = block.terminator
        if term.op == "return": return ("return", read(term.args[0])), counts
        current = term.targets[0] if term.op == "jump" else term.targets[0 if read(term.args[0]) else 1]
    return ("trap", "execution step limit exceeded"), counts

def main():
    argv = sys.argv[1:]
    dd = argv.index("--") if "--" in argv else len(argv)
    opts, args = argv[:dd], argv[dd + 1:]
    fn = parse(open(opts[0]).read(), opts[2] if len(opts) > 2 else None)[0]
    K = int(opts[1])
    vals = [eval(a) if a.startswith("[") else int(a) for a in args]
    d = destroy_phis(fn)
    locs, slots = allocate(d, K)
    (kind, v), c = execute_allocated(d, locs, K, slots, vals)
    print(f"return {v}" if kind == "return" else f"trap: {v}")
    for (n, k), a in zip(fn.parameters, vals):
        if k == "buf": print(f"{n} = [{', '.join(str(x) for x in a)}]")
    print(f"stats: instructions={c['instructions']} spill_reads={c['spill_reads']} "
          f"spill_writes={c['spill_writes']} registers={K} slots={slots}")

if __name__ == "__main__":
    main()
