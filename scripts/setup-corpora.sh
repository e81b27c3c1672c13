#!/usr/bin/env bash
# Installs the corpora the multi-corpus eval reads from Debian packages (evals/postgres: the
# PostgreSQL 15 manual as HTML under /usr/share/doc/postgresql-doc-15/html). Nothing is copied
# into the repository; the eval reads the files where the package puts them.
set -euo pipefail
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
if [ ! -d /usr/share/doc/postgresql-doc-15/html ]; then
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends postgresql-doc-15
fi
echo "PostgreSQL 15 manual: $(ls /usr/share/doc/postgresql-doc-15/html/*.html | wc -l) HTML files in /usr/share/doc/postgresql-doc-15/html"
