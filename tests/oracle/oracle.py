#!/usr/bin/env python3
"""oracle.py - a hand-written MiniC file against the system C compiler.

    oracle.py MINICC FILE.c ARG...

Compiles FILE.c verbatim with `cc -std=c11 -fwrapv` at -O0 and at -O2,
together with a generated main that calls its (only) function with the
arguments (an integer for an `int` parameter, a list [1,2,3] for a buffer
parameter) and prints the outcome in minicc's output format (`return V`,
then one `NAME = [a, b]` line per buffer). Both must print exactly what
`minicc run --stage input` prints, and `minicc check` must agree at every
stage. A run that traps in minicc (zero divisor, index outside a buffer) is
undefined in C: the C compiler is not asked about it (the line `not asked:
trap` is printed); the generated programs of `minicc fuzz --lang c` compare
traps through their checked twin (tests/fuzz/README.md).
Prints `ok FILE ARGS` or `FAIL ...` with both outputs; exit 1 on a failure."""
import os
import re
import subprocess
import sys
import tempfile


def main():
    minicc, path, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    src = open(path).read()
    m = re.search(r'^int\s+(\w+)\s*\(([^)]*)\)\s*\{', src, re.M)
    if not m:
        print("FAIL %s: no function found" % path)
        return 1
    name, plist = m.group(1), m.group(2).strip()
    params = [] if plist in ("", "void") else [p.strip() for p in plist.split(",")]
    if len(params) != len(args):
        print("FAIL %s: %d parameters, %d arguments" % (path, len(params), len(args)))
        return 1
    run = subprocess.run([minicc, "run", "--stage", "input", path, "--"] + args, capture_output=True, text=True)
    label = "%s %s" % (os.path.basename(path), " ".join(args))
    if run.returncode == 3:
        print("not asked: trap %s" % label)
        return 0
    if run.returncode != 0:
        print("FAIL %s: minicc run exited %d: %s" % (label, run.returncode, run.stderr.strip()))
        return 1
    chk = subprocess.run([minicc, "check", path, "--"] + args, capture_output=True, text=True)
    if chk.returncode != 0:
        print("FAIL %s: minicc check exited %d:\n%s%s" % (label, chk.returncode, chk.stdout, chk.stderr))
        return 1
    decls, call, prints = [], [], []
    for k, (p, a) in enumerate(zip(params, args)):
        pm = re.match(r'int\s*(\*)?\s*(\w+)\s*(\[\s*\])?$', p)
        if not pm:
            print("FAIL %s: parameter '%s' not understood" % (label, p))
            return 1
        if pm.group(1) or pm.group(3):
            vals = [v.strip() for v in a.strip()[1:-1].split(",") if v.strip()]
            init = ", ".join("(%s)" % v if v != "-2147483648" else "(-2147483647 - 1)" for v in vals) or "0"
            decls.append("    static int mc_b%d[%d] = {%s};" % (k, max(len(vals), 1), init))
            call.append("mc_b%d" % k)
            prints.append('    mc_pbuf("%s", mc_b%d, %d);' % (pm.group(2), k, len(vals)))
        else:
            call.append("(%s)" % a if a != "-2147483648" else "(-2147483647 - 1)")
    driver = (src + "\n#include <stdio.h>\n"
              "static void mc_pbuf(const char *n, const int *v, int len) {\n"
              '    printf("%s = [", n);\n'
              '    for (int i = 0; i < len; i++) printf(i ? ", %d" : "%d", v[i]);\n'
              '    printf("]\\n");\n}\n'
              "int main(void) {\n" + "\n".join(decls) + "\n"
              '    printf("return %%d\\n", %s(%s));\n' % (name, ", ".join(call)) + "\n".join(prints) + "\n"
              "    return 0;\n}\n")
    cc = os.environ.get("CC", "cc").split()
    with tempfile.TemporaryDirectory() as d:
        c = os.path.join(d, "oracle.c")
        open(c, "w").write(driver)
        outs = []
        for lv in ("-O0", "-O2"):
            exe = os.path.join(d, "oracle" + lv)
            comp = subprocess.run(cc + ["-std=c11", "-fwrapv", lv, "-w", "-o", exe, c], capture_output=True, text=True)
            if comp.returncode != 0:
                print("FAIL %s: cc %s rejects it:\n%s" % (label, lv, comp.stderr))
                return 1
            outs.append(subprocess.run([exe], capture_output=True, text=True, timeout=60).stdout)
    if outs[0] != run.stdout or outs[1] != run.stdout:
        print("FAIL %s\n  minicc run --stage input:\n%s  cc -O0:\n%s  cc -O2:\n%s" % (label, run.stdout, outs[0], outs[1]))
        return 1
    print("ok %s" % label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
