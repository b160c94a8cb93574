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
entries. Three programs, each entry older than the next (distinct ages set
by hand: a test never relies on two files getting different times): the
first is evicted. The second is then used again (a hit refreshes it), so a
rebuilt first evicts the third:

  $ export XDG_CACHE_HOME=$HOME/c2 MINICC_CACHE_MAX_ENTRIES=2; d=$XDG_CACHE_HOME/minicc
  > minicc run --stage native limits.ir 3; ls $d/*.so > $HOME/first
  > touch -d '3 hours ago' $(sed 's/\.so$/.c/' $HOME/first)
  > minicc run --stage native zero.ir [0] []; ls $d/*.so | grep -v -F -f $HOME/first > $HOME/second
  > touch -d '2 hours ago' $(sed 's/\.so$/.c/' $HOME/second)
  > minicc run --stage native swapcycle.ir 1; ls $d/*.so | grep -v -F -f $HOME/first | grep -v -F -f $HOME/second > $HOME/third
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
  > touch -d '2 hours ago' $(sed 's/\.so$/.c/' $HOME/second); touch -d '1 hour ago' $(sed 's/\.so$/.c/' $HOME/third)
  > minicc run --stage native zero.ir [0] [] >/dev/null
  > minicc run --stage native limits.ir 3; ls $d/*.so | wc -l
  > for f in first second third; do printf '%s ' $f; ls $d/*.so | grep -c -F -f $HOME/$f; done
  return 200609
  2
  first 1
  second 1
  third 0
  [1]

Entries last used at the same time: the one built first (its object's
mtime) goes first, whatever the keys. The same two entries in two caches,
last used at the same moment, built in opposite orders (set by hand); a
third entry evicts the one built first in each:

  $ export MINICC_CACHE_MAX_ENTRIES=2
  > for c in c6 c7; do d=$HOME/$c/minicc; export XDG_CACHE_HOME=$HOME/$c
  >   minicc run --stage native limits.ir 3 >/dev/null; a=$(ls $d/*.so)
  >   minicc run --stage native zero.ir [0] [] >/dev/null; b=$(ls $d/*.so | grep -v -F $a)
  >   touch -d '2020-01-01 10:00' $d/*.c
  >   if [ $c = c6 ]; then old=$a new=$b; else old=$b new=$a; fi
  >   touch -d '2020-01-01 08:00' $old; touch -d '2020-01-01 09:00' $new
  >   minicc run --stage native swapcycle.ir 1 >/dev/null
  >   echo "$c: limits $(test -e $a && echo kept || echo evicted), zero $(test -e $b && echo kept || echo evicted)"
  > done
  c6: limits evicted, zero kept
  c7: limits kept, zero evicted

A bad bound is a diagnostic:

  $ MINICC_CACHE_MAX_BYTES=lots minicc run --stage native limits.ir 3
  minicc run: error: native: $MINICC_CACHE_MAX_BYTES must be a positive number of bytes (suffix K, M or G allowed), not 'lots'
  [2]

A manifest whose source was rewritten with other text of the same length
is a miss and the entry is rebuilt (a hit compares the source byte for byte,
not just its length):

  $ export XDG_CACHE_HOME=$HOME/c8; d=$XDG_CACHE_HOME/minicc
  > minicc run --stage native limits.ir 3; c=$(ls $d/*.c); cp $c $HOME/orig.c
  > sed -i '2,$ s/return/RETURN/' $c; cmp -s $c $HOME/orig.c || echo rewritten
  > test $(stat -c %s $c) = $(stat -c %s $HOME/orig.c) && echo same length
  > minicc run --stage native limits.ir 3; cmp $c $HOME/orig.c && echo rebuilt
  return 200609
  rewritten
  same length
  return 200609
  rebuilt

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
program still runs (built in a private temporary directory) with a warning
that says why, nothing is written through the symlink. ($HOME is shown as H.)

  $ mkdir -p $HOME/c4 && echo x > $HOME/c4/minicc && XDG_CACHE_HOME=$HOME/c4 minicc run --stage native limits.ir 3 2>&1 | sed "s|$HOME|H|g"; cat $HOME/c4/minicc
  minicc run: warning: no compile cache: H/c4/minicc is not a directory; compiling in a private temporary directory
  return 200609
  x
  $ mkdir -p $HOME/c5 $HOME/elsewhere && ln -s $HOME/elsewhere $HOME/c5/minicc && XDG_CACHE_HOME=$HOME/c5 minicc run --stage native limits.ir 3 2>&1 | sed "s|$HOME|H|g"; ls $HOME/elsewhere | wc -l
  minicc run: warning: no compile cache: H/c5/minicc is a symbolic link (never followed); compiling in a private temporary directory
  return 200609
  0
  $ XDG_CACHE_HOME=/proc/minicc-cannot-be-here minicc run --stage native limits.ir 3 2>&1 | sed 's/(\/proc\/minicc-cannot-be-here): .*;/(\/proc\/minicc-cannot-be-here): REASON;/'
  minicc run: warning: no compile cache: cannot create $XDG_CACHE_HOME (/proc/minicc-cannot-be-here): REASON; compiling in a private temporary directory
  return 200609

A missing $HOME is never created (nor anything above a missing
$XDG_CACHE_HOME): the program runs, built in a private temporary directory,
with one warning per process (`check` and a batch run with two native
commands warn once):

  $ h=$HOME; export HOME=$h/gone/home; unset XDG_CACHE_HOME
  > minicc run --stage native limits.ir 3 2>&1 | sed "s|$h|H|g"
  > minicc -c 'load limits.ir; args 3; native; native; check' 2>&1 | grep -c 'warning: native: no compile cache: \$HOME (.*/gone/home) does not exist'
  > minicc check limits.ir 3 2>&1 | grep -c 'warning'
  > minicc fuzz --count 2 --stages native --cc system -q 2>&1 | grep -c 'minicc fuzz: warning: no compile cache'
  > XDG_CACHE_HOME=$h/gone/cache minicc run --stage native limits.ir 3 2>&1 | sed "s|$h|H|g"
  > ls $h/gone 2>&1 | sed "s|$h|H|g"
  minicc run: warning: no compile cache: $HOME (H/gone/home) does not exist; compiling in a private temporary directory
  return 200609
  1
  1
  1
  minicc run: warning: no compile cache: $XDG_CACHE_HOME (H/gone/cache): H/gone does not exist; compiling in a private temporary directory
  return 200609
  ls: cannot access 'H/gone': No such file or directory

An existing $HOME gets ~/.cache/minicc, and a missing $XDG_CACHE_HOME whose
parent exists is created: no warning, the cache is used:

  $ h=$HOME; mkdir $h/fresh; HOME=$h/fresh XDG_CACHE_HOME= minicc run --stage native limits.ir 3 2>&1
  > XDG_CACHE_HOME=$h/newbase minicc run --stage native limits.ir 3 2>&1
  > ls $h/fresh/.cache/minicc $h/newbase/minicc | grep -c '\.so$'; stat -c %a $h/fresh/.cache $h/newbase
  return 200609
  return 200609
  2
  700
  700
