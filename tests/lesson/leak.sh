#!/bin/sh
# leak.sh LESSON... - the student handout keeps the answers (issue 28 §3).
# For every question of every lesson, exports the student handout
# (`minicc lesson --export md`) and looks at its text from the question to
# the end of the question's section (the next `## ` heading): the answer
# must not appear there. A number counts as a whole word (12 is not in 120,
# r12 or -12); a direction is its word; one-of is any alternative; a set is
# its words in the lesson's order or sorted, blank- or comma-separated; an
# exact answer is its text. Case is ignored. The command that reveals a
# question is the question's own (shown without its output, its arguments
# restate the question: `args 10; run` for n = 10), so `minicc> ` lines
# are not searched; the handout shows no other command there. Prints each leak
# (LESSON:LINE: ...) and `questions: N, M leak`; exits 1 if any does.
MINICC=${MINICC:-minicc}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
: > "$tmp/report"
for f in "$@"; do
    if ! "$MINICC" lesson --export md -o "$tmp/h.md" "$f" >/dev/null 2>"$tmp/err"; then
        echo "$f: the student handout cannot be exported:"; cat "$tmp/err"; echo fail >> "$tmp/report"; continue
    fi
    awk -v lesson="$f" -v handout="$tmp/h.md" '
    function isw(c) { return c ~ /[a-z0-9_]/ }
    function whole(line, w,   l, off, p, i, b, a) {
        l = tolower(line); w = tolower(w); off = 0
        if (w == "") return 0
        while ((p = index(substr(l, off + 1), w)) > 0) {
            i = off + p
            b = i > 1 ? substr(l, i - 1, 1) : ""
            a = substr(l, i + length(w), 1)
            if (!(isw(substr(w, 1, 1)) && isw(b)) && !(isw(substr(w, length(w), 1)) && isw(a)) && !(w ~ /^[0-9]/ && b == "-"))
                return 1
            off = i
        }
        return 0
    }
    function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
    # The forms of an answer to look for, into forms[1..n]; returns n.
    function answer_forms(ans,   kind, rest, n, k, i, w, parts, sorted, j, t) {
        kind = ans; sub(/[ \t].*/, "", kind)
        rest = ans; sub(/^[^ \t]+[ \t]+/, "", rest)
        n = 0
        if (kind == "number" || kind == "direction") { forms[++n] = trim(rest); return n }
        if (kind == "one-of") {
            k = split(rest, parts, /\|/)
            for (i = 1; i <= k; i++) forms[++n] = trim(parts[i])
            return n
        }
        if (kind == "set") {
            k = split(rest, parts, /[ \t,]+/)
            for (i = 1; i <= k; i++) sorted[i] = parts[i]
            for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (sorted[j] < sorted[i]) { t = sorted[i]; sorted[i] = sorted[j]; sorted[j] = t }
            forms[++n] = parts[1]; forms[++n] = parts[1]; forms[++n] = sorted[1]; forms[++n] = sorted[1]
            for (i = 2; i <= k; i++) { forms[1] = forms[1] " " parts[i]; forms[2] = forms[2] ", " parts[i]; forms[3] = forms[3] " " sorted[i]; forms[4] = forms[4] ", " sorted[i] }
            return n
        }
        if (kind == "exact") { forms[++n] = trim(rest); return n }
        forms[++n] = trim(ans); return n
    }
    /^ask / { nq++; qline[nq] = FNR; qtext[nq] = substr($0, 5); next }
    /^[ \t]*reveal[ \t]*$/ { nrev++; next }
    /^answer / { ans[nq] = substr($0, 8); next }
    END {
        nh = 0
        resumed = "*The answer is out: the lesson goes on here.*"
        while ((getline line < handout) > 0) { nh++; h[nh] = line; if (line == resumed) nres++ }
        if (nres + 0 != nrev + 0) {
            printf "%s: %d reveal markers, the student handout resumes at %d\n", lesson, nrev, nres
            print "leak" >> "/dev/stderr"
        }
        q = 0
        for (i = 1; i <= nh; i++) {
            if (h[i] !~ /^\*\*Question\.\*\* /) continue
            q++
            if (q > nq) break
            n = answer_forms(ans[q])
            for (j = i + 1; j <= nh && h[j] !~ /^## / && h[j] != resumed; j++)
                for (k = 1; k <= n && h[j] !~ /^minicc> /; k++)
                    if (whole(h[j], forms[k])) {
                        printf "%s:%d: the answer %s is in the student handout after its question: %s\n", lesson, qline[q], forms[k], h[j]
                        print "leak" >> "/dev/stderr"
                        k = n; j = nh
                    }
        }
        if (q != nq) printf "%s: %d questions, %d in the student handout\n", lesson, nq, q
        print nq
    }' "$f" > "$tmp/out" 2>>"$tmp/report"
    sed '$d' "$tmp/out"
    tail -1 "$tmp/out" >> "$tmp/count"
done
n=$(awk '{ s += $1 } END { print s + 0 }' "$tmp/count" 2>/dev/null)
bad=$(grep -c . "$tmp/report")
echo "questions: $n, $bad leak"
[ "$bad" = 0 ]
