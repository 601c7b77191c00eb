#!/bin/sh
# Runs the built server (dist/server/server.js) with its memory settings, the one place they are
# set: npm start, npm run serve, npm run dev and the load bench all start the server through here.
# Extra Node options (--enable-source-maps, --require ...) come as arguments.
#
# Each was measured by the 100-client load run on PostgreSQL (docs/decisions/150):
# - glibc's mmap threshold fixed at 128 KiB: resident memory +8.1-9.3% after
#   the run against +12.1-13.6% without, as blocks freed after a sign-in's scrypt stop being kept.
#   glibc reads it from the environment only, so it cannot go in NODE_OPTIONS.
# - --max-semi-space-size=4: the young generation stops at 2 x 4 MB instead
#   of growing to 2 x 16 MB and staying there; 16 MB left idle RSS at 143 MB and +53.6% after.
# - --heap-growing-percent=30: peak RSS 168 MB against 316 MB, 296 against
#   204 requests/s. Node refuses it in NODE_OPTIONS, hence a command line.
export GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072
exec node --max-semi-space-size=4 --heap-growing-percent=30 "$@" "$(dirname "$0")/../dist/server/server.js"
