/**
 * The Ed25519 public key every update must be signed with (issue 26.2). Its source is the build
 * input `build/update-public-key.pem`; this copy is what gets compiled into the app, and
 * test/unit/updater/update-signature.test.ts fails when the two differ. A release manager who
 * changes the key replaces both (README, "Install"). The private key is never in the repository.
 */
export const UPDATE_PUBLIC_KEY_PEM = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAba4IDFVVfoJ89jzkHKxY+Koqbo8YAOgfqoeD/IATUuA=
-----END PUBLIC KEY-----
`;
