The compile cache of stage native ($XDG_CACHE_HOME/minicc): its key
includes the compiler's identity, it is bounded, broken entries are rebuilt
and an unusable directory still runs. Each command uses its own cache
directory under $HOME.

A wrapper compiler that reports version 1.0; the second run is a hit (still
one object), a rewritten wrapper reporting 2.0 is another compiler (a second
object), and `fakecc --version` was asked once per compiler:

  $ mkdir -p "$HOME/bin" && printf '#!/bin/sh\ncase "$1" in --version) echo fakecc 1.0; echo v1 >> "$HOME/asked";; *) exec cc "$@";; esac\n' > "$HOME/bin/fakecc" && chmod +x "$HOME/bin/fakecc"
  $ export XDG_CACHE_HOME=$HOME/c1 CC=$HOME/bin/fakecc; minicc run --stage native limits.ir 3 && minicc run --stage native limits.ir 3 && ls $XDG_CACHE_HOME/minicc | grep -c '\.so$'
  return 200609
  return 200609
  1
  $ printf '#!/bin/sh\ncase "$1" in --version) echo fakecc 2.0; echo v2 >> "$HOME/asked";; *) exec cc "$@";; esac\n' > "$HOME/bin/fakecc"
  $ export XDG_CACHE_HOME=$HOME/c1 CC=$HOME/bin/fakecc; minicc run --stage native limits.ir 3 && minicc run --stage native limits.ir 3 && ls $XDG_CACHE_HOME/minicc | grep -c '\.so$'
  return 200609
  return 200609
  2
  $ cat "$HOME/asked"
  v1
  v2

Flags in $CC are part of the key too:

  $ export XDG_CACHE_HOME=$HOME/c1 CC="cc -DMINICC_FLAG=1"; minicc run --stage native limits.ir 3 && ls $XDG_CACHE_HOME/minicc | grep -c '\.so$'
  return 200609
  3

The bound: MINICC_CACHE_MAX_ENTRIES=2 keeps the two most recently used
entries. Three programs: the first is evicted. The second is then used
again (a hit refreshes it), so a rebuilt first evicts the third:

  $ export XDG_CACHE_HOME=$HOME/c2 MINICC_CACHE_MAX_ENTRIES=2; d=$XDG_CACHE_HOME/minicc
  > minicc run --stage native limits.ir 3; ls $d/*.so > $HOME/first
  > touch -d '1 hour ago' $d/*.c; minicc run --stage native zero.ir [0] []; ls $d/*.so | grep -v -F -f $HOME/first > $HOME/second
  > touch -d '1 hour ago' $d/*.c; minicc run --stage native swapcycle.ir 1; ls $d/*.so | grep -v -F -f $HOME/first | grep -v -F -f $HOME/second > $HOME/third
  > ls $d/*.so | wc -l; cat $HOME/first $HOME/second $HOME/third | wc -l; ls $d/*.so | grep -c -F -f $HOME/first
  return 200609
  return 0
  a = [0]
  e = []
  return 231
  2
  3
  0
  [1]
  $ export XDG_CACHE_HOME=$HOME/c2 MINICC_CACHE_MAX_ENTRIES=2; d=$XDG_CACHE_HOME/minicc
  > touch -d '2 hours ago' $d/*.c; minicc run --stage native zero.ir [0] [] >/dev/null
  > minicc run --stage native limits.ir 3; ls $d/*.so | wc -l
  > for f in first second third; do printf '%s ' $f; ls $d/*.so | grep -c -F -f $HOME/$f; done
  return 200609
  2
  first 1
  second 1
  third 0
  [1]

A bad bound is a diagnostic:

  $ MINICC_CACHE_MAX_BYTES=lots minicc run --stage native limits.ir 3
  minicc run: error: native: $MINICC_CACHE_MAX_BYTES must be a positive number of bytes (suffix K, M or G allowed), not 'lots'
  [2]

A truncated object, a corrupt manifest, or an object replaced by a symlink
is rebuilt, never loaded:

  $ export XDG_CACHE_HOME=$HOME/c3; d=$XDG_CACHE_HOME/minicc
  > minicc run --stage native limits.ir 3; so=$(ls $d/*.so); truncate -s 100 $so
  > minicc run --stage native limits.ir 3; test $(stat -c %s $so) -gt 100 && echo rebuilt
  > echo garbage > ${so%.so}.c; minicc run --stage native limits.ir 3; grep -c minicc-cache ${so%.so}.c
  > rm $so; ln -s /bin/true $so; minicc run --stage native limits.ir 3; test -L $so || echo not a link
  return 200609
  return 200609
  rebuilt
  return 200609
  1
  return 200609
  not a link

A cache directory that is a file, a symlink or in an unwritable place: the
program still runs (built in a private temporary directory), nothing is
written through the symlink.

  $ mkdir -p $HOME/c4 && echo x > $HOME/c4/minicc && XDG_CACHE_HOME=$HOME/c4 minicc run --stage native limits.ir 3; cat $HOME/c4/minicc
  return 200609
  x
  $ mkdir -p $HOME/c5 $HOME/elsewhere && ln -s $HOME/elsewhere $HOME/c5/minicc && XDG_CACHE_HOME=$HOME/c5 minicc run --stage native limits.ir 3; ls $HOME/elsewhere | wc -l
  return 200609
  0
  $ XDG_CACHE_HOME=/proc/minicc-cannot-be-here minicc run --stage native limits.ir 3
  return 200609
