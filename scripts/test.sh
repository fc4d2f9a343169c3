#!/usr/bin/env bash
# The whole test suite: unit, integration (sandbox over HTTP, keychain against a real Secret
# Service) and end-to-end (Chromium against the browser mode). Builds first: the e2e tests serve
# the built renderer.
set -euo pipefail
cd "$(dirname "$0")/.."
npx electron-vite build >/dev/null
bash scripts/with-keyring.sh npx vitest run
npx playwright test
