#!/bin/sh
# lessons.sh - every lesson is also a test: play each one with --check.
cd "$(dirname "$0")/../.." || exit 1
MINICC=${MINICC:-build/minicc}
"$MINICC" lesson --check lessons/*.lesson 2>&1
