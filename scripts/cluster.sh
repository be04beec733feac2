#!/usr/bin/env bash
# Start N lf processes on one PostgreSQL behind HAProxy on this machine (docs/server.md, "More than one process").
# Arguments go to `python -m lf cluster` (--processes N, --port P, --bind ADDR, --database-url URL, --workdir DIR);
# Ctrl-C stops the whole set. Without --database-url (or DATABASE_URL) a private PostgreSQL cluster is started in
# a temporary folder and deleted at the end. As root, missing HAProxy and PostgreSQL are installed with apt-get.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

PYTHON="${PYTHON:-python3}"
STAMP=.venv/.stamp-dev

need() {  # need WHAT PACKAGE: install a Debian package as root, else say what is missing and stop
    if [[ "$(id -u)" != 0 ]]; then
        echo "cluster.sh: $1 is missing; run 'apt-get install $2' as root." >&2
        exit 2
    fi
    echo "cluster.sh: installing $1 with apt-get ($2)"
    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$2"
}

if [[ ! -x .venv/bin/python ]]; then
    "$PYTHON" -m venv .venv
fi
if [[ ! -f "$STAMP" || pyproject.toml -nt "$STAMP" ]]; then
    echo "cluster.sh: installing lf[dev] into .venv (psycopg for PostgreSQL)"
    .venv/bin/python -m pip install -q -e '.[dev]'
    touch "$STAMP"
fi
command -v haproxy >/dev/null 2>&1 || [[ -x /usr/sbin/haproxy ]] || need HAProxy haproxy
if [[ -z "${DATABASE_URL:-}" && " $* " != *" --database-url "* ]]; then
    ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need "PostgreSQL's server binaries" postgresql
fi

exec .venv/bin/python -m lf cluster "$@"
