#!/bin/sh
# One backup of Bullpen's database into /srv/bullpen/backups, and the old ones removed (docs/deploy.md,
# "Backups"). Run as root by bullpen-backup.service every night.
set -eu
set -a
. /etc/bullpen/bullpen.env
set +a
# The backups hold every account and child of the league: readable by their owner only.
umask 077
dir=/srv/bullpen/backups
keep_days=${BULLPEN_BACKUP_KEEP_DAYS:-30}
stamp=$(date -u +%Y-%m-%dT%H-%M-%SZ)
if [ -n "${DATABASE_URL:-}" ]; then
  file="$dir/bullpen-$stamp.dump"
else
  # The embedded database is one process's: Bullpen stops for the copy (about a minute at most), then starts.
  file="$dir/bullpen-$stamp.tar.gz"
  if systemctl is-active --quiet bullpen; then
    systemctl stop bullpen
    trap 'systemctl start bullpen' EXIT
  fi
fi
bullpen backup "$file"
# Only after a good backup: the ones older than BULLPEN_BACKUP_KEEP_DAYS (30 by default) go.
find "$dir" -maxdepth 1 -name 'bullpen-*' -type f -mtime +"$keep_days" -print -delete
