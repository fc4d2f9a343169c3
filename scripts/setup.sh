#!/usr/bin/env bash
# Installs everything Copper Operator needs on a Debian machine: the system packages (libsecret to
# build keytar, gnome-keyring + dbus for a Secret Service, chromium for the browser tests) and the
# npm dependencies. Electron's own binary is downloaded only where its host is reachable; without
# it the console runs in browser mode.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(libsecret-1-dev gnome-keyring dbus chromium)
missing=()
for p in "${packages[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "setup: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Without network access to Electron's download host the binary cannot be fetched; skip it unless
# the caller asked for it explicitly.
export ELECTRON_SKIP_BINARY_DOWNLOAD="${ELECTRON_SKIP_BINARY_DOWNLOAD:-1}"
npm ci --no-audit --no-fund
