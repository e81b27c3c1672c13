#!/usr/bin/env bash
# Installs the corpora the multi-corpus eval reads from Debian packages (the PostgreSQL 15 manual
# as HTML under /usr/share/doc/postgresql-doc-15/html; the Git 2.39 manual pages and guides as HTML
# under /usr/share/doc/git-doc, evals/frozen11/git, a corpus nothing was fitted on). Nothing is copied
# into the repository; the eval reads the files where the package puts them.
set -euo pipefail
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
MISSING=()
if [ ! -d /usr/share/doc/postgresql-doc-15/html ]; then MISSING+=(postgresql-doc-15); fi
if [ ! -f /usr/share/doc/git-doc/git-commit.html ]; then MISSING+=(git-doc); fi
if [ ${#MISSING[@]} -gt 0 ]; then
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${MISSING[@]}"
fi
echo "PostgreSQL 15 manual: $(ls /usr/share/doc/postgresql-doc-15/html/*.html | wc -l) HTML files in /usr/share/doc/postgresql-doc-15/html"
echo "Git 2.39 manual: $(ls /usr/share/doc/git-doc/*.html | wc -l) HTML files in /usr/share/doc/git-doc"
