#!/usr/bin/env bash
# A PostgreSQL server for the hub's tests, on a loopback port, started only if not running.
# Installs Debian's postgresql when it is missing (root only), runs a private cluster in
# $PGTEST_DIR as the postgres user (or the current user when not root), and prints the
# SQLAlchemy URL of its admin database on stdout. Prints nothing (and exits 0) when it
# cannot, so the tests skip their PostgreSQL run and say why. Messages go to stderr.
set -uo pipefail

PORT="${PGTEST_PORT:-54329}"
DIR="${PGTEST_DIR:-/tmp/middleearth-pgtest-$(id -u)}"
URL="postgresql+psycopg://middleearth@127.0.0.1:${PORT}/postgres"
say() { echo "postgres-for-tests: $*" >&2; }

bin_dir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }

if [ -z "$(bin_dir)" ]; then
    if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
        say "PostgreSQL is not installed and I cannot install it (needs root and apt-get)"; exit 0
    fi
    say "installing Debian's postgresql"
    if ! { apt-get install -y -qq postgresql >/dev/null 2>&1 \
           || { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq postgresql >/dev/null 2>&1; }; }; then
        say "apt-get install postgresql failed"; exit 0
    fi
fi
BIN="$(bin_dir)"

# As root, the server must run as an ordinary user: Debian's postgres account.
if [ "$(id -u)" -eq 0 ]; then as_owner() { runuser -u postgres -- "$@"; }; else as_owner() { "$@"; }; fi

if ! "$BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT"; then
    if [ ! -s "$DIR/PG_VERSION" ]; then
        mkdir -p "$DIR"
        [ "$(id -u)" -eq 0 ] && chown postgres: "$DIR"
        as_owner "$BIN/initdb" -D "$DIR" -U middleearth --auth=trust -E UTF8 >/dev/null \
            || { say "initdb failed in $DIR"; exit 0; }
    fi
    as_owner "$BIN/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w -t 30 \
        -o "-p $PORT -c listen_addresses=127.0.0.1 -k $DIR -c fsync=off" start >/dev/null \
        || { say "the server did not start; see $DIR/server.log"; exit 0; }
fi
"$BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT" || { say "no server answers on port $PORT"; exit 0; }
echo "$URL"
