#!/bin/sh
# Restarts the Hearsay processes behind nginx one at a time without failing a request (a release, a
# configuration change). For each process: take it out of nginx, stop it (SIGTERM: it finishes the requests
# it has begun and the jobs' batch in hand, and tells its sockets to reconnect), start it, wait until it is
# ready, put it back. Run as root on the machine that has nginx and the hearsay@ units.
#
#   deploy/rolling-restart.sh                  # ports 3001 and 3002, /etc/nginx/conf.d/hearsay.conf
#   PORTS="3001 3002 3003" deploy/rolling-restart.sh
set -eu
SITE=${SITE:-/etc/nginx/conf.d/hearsay.conf}
PORTS=${PORTS:-3001 3002}

upstream() { # upstream PORT down|up
  if [ "$2" = down ]; then
    sed -i "s/^\( *server 127\.0\.0\.1:$1 [^;]*\);/\1 down;/" "$SITE"
  else
    sed -i "s/^\( *server 127\.0\.0\.1:$1 [^;]*\) down;/\1;/" "$SITE"
  fi
  nginx -t -q
  nginx -s reload
  sleep 1 # nginx's new workers take over; the old ones finish what they carry
}

for port in $PORTS; do
  echo "hearsay@$port: out of nginx"
  upstream "$port" down
  echo "hearsay@$port: restarting"
  systemctl restart "hearsay@$port"
  until curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; do sleep 0.5; done
  echo "hearsay@$port: ready, back in nginx"
  upstream "$port" up
done
