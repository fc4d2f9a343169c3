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
  "$@"
' with-keyring "$@"
