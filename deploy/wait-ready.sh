#!/bin/sh
# Waits for Bullpen on this machine to answer /readyz (docs/deploy.md, steps 6, 10 and 11), up to 60 s or the
# seconds given (`sh wait-ready.sh 120`); then says what to check and exits 1, never waits for ever. A start
# takes about 5 s; a small or busy machine can take 15 s (docs/performance.md). Run as root.
set -eu
limit=${1:-60}
set -a
. /etc/bullpen/bullpen.env
set +a
host=${HOST:-127.0.0.1}
case "$host" in *:*) host="[$host]" ;; esac
url="http://$host:${PORT:-3000}/readyz"
started=$(date +%s)
while :; do
  waited=$(($(date +%s) - started))
  if answer=$(curl -fsS --max-time 5 "$url" 2>/dev/null); then
    echo "Bullpen is ready ($url answered $answer after $waited s)."
    exit 0
  fi
  if [ "$waited" -ge "$limit" ]; then
    echo "Bullpen did not answer $url within $limit s. Check \`systemctl status bullpen\` and \`journalctl -u bullpen -n 50\` (a start that failed says why in one sentence), then run \`bullpen doctor\`." >&2
    exit 1
  fi
  sleep 1
done
