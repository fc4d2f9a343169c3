#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with an unlocked gnome-keyring Secret Service, so
# that the keychain tests talk to a real OS keychain and never to the user's own.
set -euo pipefail
if [ -n "${COPPER_KEYRING_READY:-}" ]; then exec "$@"; fi
if ! command -v dbus-run-session >/dev/null || ! command -v gnome-keyring-daemon >/dev/null; then
  echo "with-keyring: dbus-run-session and gnome-keyring-daemon are needed (run: npm run setup)" >&2
  exit 1
fi
export COPPER_KEYRING_DIR="$(mktemp -d)"
trap 'rm -rf "$COPPER_KEYRING_DIR"' EXIT
# A throwaway keyring folder and password: the session and its keyring die with this command.
exec dbus-run-session -- bash -c '
  export XDG_DATA_HOME="$COPPER_KEYRING_DIR" COPPER_KEYRING_READY=1
  printf "%s" "copper-test-keyring" | gnome-keyring-daemon --unlock --components=secrets >/dev/null
  # Wait (at most 10 s) until the Secret Service answers on the bus, so that the first keychain
  # call of a test never races the daemon'"'"'s start-up. Without dbus-send, go on as before.
  if command -v dbus-send >/dev/null; then
    for _ in $(seq 100); do
      dbus-send --session --print-reply --dest=org.freedesktop.secrets /org/freedesktop/secrets \
        org.freedesktop.DBus.Properties.Get string:org.freedesktop.Secret.Service string:Collections \
        >/dev/null 2>&1 && break
      sleep 0.1
    done
  fi
  "$@"
' with-keyring "$@"
