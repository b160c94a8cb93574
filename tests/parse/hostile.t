Hostile input gets a clean diagnostic, never a crash. Bytes that are not
printable ASCII are shown as code points (valid UTF-8) or as bytes.

  $ printf 'func f() {\ne:\n    return \377\n}\n' | minicc parse - 2>&1 | cat -v; echo "exit ${PIPESTATUS[1]}"
  <stdin>:3:12: error: invalid byte 0xFF (not UTF-8)
        return \xff
               ^
  exit 2

  $ printf 'func f() {\ne:\n    return \303\251\n}\n' | minicc parse - 2>&1 | cat -v; echo "exit ${PIPESTATUS[1]}"
  <stdin>:3:12: error: invalid character U+00E9
        return M-CM-)
               ^
  exit 2

  $ printf 'func f() {\ne:\n    return 0\000\n}\n' | minicc parse - 2>&1 | cat -v; echo "exit ${PIPESTATUS[1]}"
  <stdin>:3:13: error: invalid character U+0000
        return 0^@
                ^
  exit 2

  $ printf 'func f\001() {\ne:\n    return 0\n}\n' | minicc parse - 2>&1 | cat -v; echo "exit ${PIPESTATUS[1]}"
  <stdin>:1:7: error: invalid character U+0001
    func f^A() {
          ^
  exit 2

Inside a comment anything goes.

  $ printf '# \000 \377 \303\n func f() {\ne:\n    return 0\n}\n' | minicc parse -
  func f() {
  e:
      return 0
  }

A megabyte of junk on one line is one error (the rest of the line is skipped);
the caret line shows only the start of a very long line.

  $ { printf 'func f() {\ne:\n    return '; head -c 1048576 /dev/zero | tr '\0' '@'; printf '\n}\n'; } | minicc parse - 2>&1 | cut -c1-60; echo "exit ${PIPESTATUS[1]}"
  <stdin>:3:12: error: invalid character '@'
        return @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@
               ^
  exit 2

A megabyte-long name is fine, and prints back in full.

  $ n=$(head -c 1048576 /dev/zero | tr '\0' 'x'); printf 'func f() {\ne:\n    %s = copy 7\n    return %s\n}\n' $n $n | minicc parse - | wc -c
  2097194

Windows line endings and tabs are whitespace.

  $ printf 'func f(i32 n) {\r\ne:\r\n\tx = add n, 1\r\n\treturn x\r\n}\r\n' | minicc parse -
  func f(i32 n) {
  e:
      x = add n, 1
      return x
  }

Files that cannot be read.

  $ minicc parse does-not-exist.ir
  minicc parse: error: cannot read does-not-exist.ir: No such file or directory
  [2]

  $ minicc parse .
  minicc parse: error: cannot read .: Is a directory
  [2]

  $ minicc parse
  minicc parse: error: missing FILE
  [2]
