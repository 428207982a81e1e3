#!/bin/sh
# The restore drill (docs/deploy.md, "The restore drill"): restores the newest backup into a scratch copy, never
# into the live database, checks every record and the change history there, and removes the copy. Run as root.
# On PostgreSQL everything runs as the settings' own role (DATABASE_URL), which must be allowed to create
# databases: no superuser is needed, so a managed or remote PostgreSQL drills the same way (decision 0052).
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
# As the service user, with the settings below (the `bullpen` wrapper would read the file again).
as_bullpen() { runuser -u bullpen -- "$@"; }
if [ -n "${DATABASE_URL:-}" ]; then
  scratch=bullpen_restore_drill
  # The same server and role, another database: the path of DATABASE_URL's address is the database's name.
  drill_url=$(printf '%s' "$DATABASE_URL" | sed -E "s#^([a-z]+://[^/]*)/[^?]*#\\1/$scratch#")
  if [ "$drill_url" = "$DATABASE_URL" ]; then
    echo "DATABASE_URL names no database to swap for the scratch one: the drill never restores into the live one." >&2
    exit 1
  fi
  # createdb and dropdb connect with the live DATABASE_URL (its host, role and password), to its own database.
  live_url=$DATABASE_URL
  as_bullpen dropdb --if-exists --maintenance-db="$live_url" "$scratch"
  if ! as_bullpen createdb --maintenance-db="$live_url" "$scratch"; then
    echo "The drill could not create the scratch database $scratch as the role in DATABASE_URL. Allow that role to" >&2
    echo "create databases: ALTER ROLE <the role> CREATEDB, run as a superuser (on this machine:" >&2
    echo "runuser -u postgres -- psql -c 'ALTER ROLE bullpen CREATEDB'), or your provider's admin user (docs/deploy.md)." >&2
    exit 1
  fi
  trap 'as_bullpen dropdb --if-exists --maintenance-db="$live_url" "$scratch"' EXIT
  export DATABASE_URL="$drill_url"
else
  scratch=$(as_bullpen mktemp -d /srv/bullpen/backups/restore-drill.XXXXXX)
  trap 'rm -rf "$scratch"' EXIT
  export BULLPEN_DATA_DIR="$scratch/data"
fi
as_bullpen /usr/local/bin/node /srv/bullpen/app/dist/server/bullpen.js restore "$backup"
as_bullpen /usr/local/bin/node /srv/bullpen/app/dist/server/bullpen.js audit verify
echo "The restore drill passed: $backup restores, and its records and change history hold."
