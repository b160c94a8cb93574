#!/bin/sh
# deps.sh [run|check] - make sure the Debian packages minicc needs are installed:
# `run` what building and using minicc needs, `check` (the default) also what
# the tests need. Uses pkg-config for the libraries and `command -v` for the
# tools; installs what is missing with apt-get (through sudo when not root)
# and says what it did or what the user must do.
set -u
purpose=${1:-check}
missing=""
need_pkg() { # pkg-config module, Debian package
    pkg-config --exists "$1" 2>/dev/null || missing="$missing $2"
}
need_cmd() { # command, Debian package
    command -v "$1" >/dev/null 2>&1 || missing="$missing $2"
}
need_cmd cc gcc
need_cmd make make
need_cmd pkg-config pkg-config
if command -v pkg-config >/dev/null 2>&1; then
    need_pkg readline libreadline-dev
    need_pkg ncursesw libncurses-dev
    [ "$purpose" = check ] && need_pkg cmocka libcmocka-dev
else
    missing="$missing libreadline-dev libncurses-dev"
    [ "$purpose" = check ] && missing="$missing libcmocka-dev"
fi
need_cmd dot graphviz         # pictures of CFGs and interference graphs
if [ "$purpose" = check ]; then
    need_cmd tmux tmux        # the real-terminal tests
    need_cmd valgrind valgrind
    [ -x /usr/bin/time ] || missing="$missing time" # GNU time: limits.sh measures maximum RSS
    # libtcc: native code compiled in process (--cc tcc; tests skip without it).
    # tcc carries the headers and libtcc1.a that libtcc needs at run time.
    printf '#include <libtcc.h>\n' | ${CC:-cc} -E -x c - >/dev/null 2>&1 || missing="$missing libtcc-dev"
    need_cmd tcc tcc
    # the rv64 target: assembled and linked by the cross binutils, run under qemu
    need_cmd riscv64-linux-gnu-as binutils-riscv64-linux-gnu
    need_cmd qemu-riscv64 qemu-user
fi
[ -z "$missing" ] && exit 0

echo "minicc: installing missing Debian packages:$missing"
if [ "$(id -u)" = 0 ]; then SUDO=""
elif command -v sudo >/dev/null 2>&1; then SUDO="sudo"
else
    echo "minicc: not root and no sudo; please run as root:" >&2
    echo "    apt-get install -y$missing" >&2
    exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "minicc: no apt-get here; please install the equivalent of:$missing" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null 2>&1 || true
if $SUDO apt-get install -y -qq $missing >/dev/null; then
    echo "minicc: installed:$missing"
else
    echo "minicc: apt-get could not install:$missing" >&2
    echo "    try: ${SUDO:+sudo }apt-get install -y$missing" >&2
    exit 1
fi
