#!/bin/sh
# syllabus.sh LESSON... - the lessons, in the order given, as a course:
#   - every concept a lesson requires is taught by an earlier lesson;
#   - every concept of tests/lesson/concepts.txt is taught by some lesson;
#   - no lesson's text (narration, headings, questions, hints, an
#     exercise's task and why) uses a term of a
#     concept before the lesson that teaches it.
# A term may mark word boundaries with \< and \>.
# Prints one line per problem (LESSON:LINE: ...) and `syllabus: N problems`;
# exits 1 when there are any.
here=$(cd "$(dirname "$0")" && pwd)
CONCEPTS=${CONCEPTS:-$here/concepts.txt}
awk -v concepts="$CONCEPTS" '
function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
BEGIN {
    while ((getline line < concepts) > 0) {
        if (line ~ /^[ \t]*(#|$)/) continue
        c = line; sub(/[ \t].*/, "", c)
        t = line; sub(/^[^ \t]+[ \t]+/, "", t)
        t = tolower(trim(t))
        gsub(/\\</, "(^|[^a-z0-9_])", t)  # word boundaries, for any awk
        gsub(/\\>/, "([^a-z0-9_]|$)", t)
        nc++; cname[nc] = c; cterm[nc] = t
    }
}
FNR == 1 { nl++; lname[nl] = FILENAME }
{
    line = $0; s = trim(line)
    if (s ~ /^teaches:/ || s ~ /^requires:/) {
        key = s; sub(/:.*/, "", key)
        sub(/^[a-z]+:[ \t]*/, "", s); gsub(/,/, " ", s)
        n = split(s, w, /[ \t]+/)
        for (i = 1; i <= n; i++) if (w[i] != "") {
            if (key == "teaches") { if (!(w[i] in taught)) taught[w[i]] = nl }
            else { nreq++; req[nreq] = w[i]; reqby[nreq] = nl; reqline[nreq] = FNR }
        }
        next
    }
    if (s ~ /^(#|\$([ \t]|$)|expect([ \t]|$)|answer([ \t]|$)|screen([ \t]|$)|pause$|reveal$|title:|(exercise|model|need)([ \t]|$))/ || s == "") next
    nt++; tl[nt] = nl; tn[nt] = FNR; tx[nt] = tolower(s)
}
END {
    for (i = 1; i <= nreq; i++) {
        c = req[i]
        if (!(c in taught)) { printf "%s:%d: requires %s, which no lesson teaches\n", lname[reqby[i]], reqline[i], c; bad++ }
        else if (taught[c] >= reqby[i]) { printf "%s:%d: requires %s, taught only later by %s\n", lname[reqby[i]], reqline[i], c, lname[taught[c]]; bad++ }
    }
    for (k = 1; k <= nc; k++) {
        c = cname[k]
        if (!(c in taught)) { printf "%s: concept %s is taught by no lesson\n", concepts, c; bad++; continue }
        for (i = 1; i <= nt; i++)
            if (tl[i] < taught[c] && match(tx[i], cterm[k])) {
                printf "%s:%d: uses \"%s\" (%s) before %s teaches it\n", lname[tl[i]], tn[i], substr(tx[i], RSTART, RLENGTH), c, lname[taught[c]]
                bad++
            }
    }
    printf "syllabus: %d problem%s\n", bad, bad == 1 ? "" : "s"
    exit bad ? 1 : 0
}' "$@"
