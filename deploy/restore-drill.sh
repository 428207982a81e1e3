#!/bin/sh
# The restore drill (docs/deploy.md, "The restore drill"): restores the newest backup into a scratch copy, never
# into the live database, checks every record and the change history there, and removes the copy. Run as root.
set -eu
set -a
. /etc/bullpen/bullpen.env
set +a
backup=$(ls -1t /srv/bullpen/backups/bullpen-* 2>/dev/null | head -n 1)
if [ -z "$backup" ]; then
  echo "No backup in /srv/bullpen/backups: run systemctl start bullpen-backup.service first." >&2
  exit 1
fi
echo "Restoring $backup into a scratch copy..."
# The command line as the service user, with the settings below (the `bullpen` wrapper would read the file again).
as_bullpen() { runuser -u bullpen -- /usr/local/bin/node /srv/bullpen/app/dist/server/bullpen.js "$@"; }
if [ -n "${DATABASE_URL:-}" ]; then
  scratch=bullpen_restore_drill
  runuser -u postgres -- dropdb --if-exists "$scratch"
  runuser -u postgres -- createdb -O bullpen "$scratch"
  trap 'runuser -u postgres -- dropdb --if-exists "$scratch"' EXIT
  # The same server and user, another database: the path of DATABASE_URL's address is the database's name.
  drill_url=$(printf '%s' "$DATABASE_URL" | sed -E "s#^([a-z]+://[^/]*)/[^?]*#\\1/$scratch#")
  if [ "$drill_url" = "$DATABASE_URL" ]; then
    echo "DATABASE_URL names no database to swap for the scratch one: the drill never restores into the live one." >&2
    exit 1
  fi
  export DATABASE_URL="$drill_url"
else
  scratch=$(runuser -u bullpen -- mktemp -d /srv/bullpen/backups/restore-drill.XXXXXX)
  trap 'rm -rf "$scratch"' EXIT
  export BULLPEN_DATA_DIR="$scratch/data"
fi
as_bullpen restore "$backup"
as_bullpen audit verify
echo "The restore drill passed: $backup restores, and its records and change history hold."
