// What signing and notarization a build gets, from the environment only (never from a file in the
// repository), and the one line that says so. Values are never printed: only which variables are set.
const has = (env, ...names) => names.every((name) => typeof env[name] === 'string' && env[name] !== '');

/** Code signing: electron-builder itself reads these variables; this only says what will happen. */
export function signingPlan(platform, env) {
  if (platform === 'linux') return { sign: false, message: 'code signing: not used for Linux packages' };
  const link = platform === 'win32' ? has(env, 'WIN_CSC_LINK') || has(env, 'CSC_LINK') : has(env, 'CSC_LINK');
  const named = platform === 'darwin' && has(env, 'CSC_NAME');
  if (link || named)
    return { sign: true, message: `code signing: certificate from ${link ? 'CSC_LINK' : 'CSC_NAME'}` };
  const how =
    platform === 'win32'
      ? 'set WIN_CSC_LINK (or CSC_LINK) to the .pfx and WIN_CSC_KEY_PASSWORD to its password'
      : 'set CSC_LINK to the .p12 and CSC_KEY_PASSWORD, or CSC_NAME to an identity in the keychain';
  return { sign: false, message: `code signing: SKIPPED, the build is unsigned (${how})` };
}

/** Notarization (macOS): one of the three credential sets @electron/notarize accepts. */
export function notarizationPlan(platform, env) {
  if (platform !== 'darwin') return { notarize: false, message: `notarization: not used for ${platform}` };
  if (has(env, 'APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER'))
    return {
      notarize: true,
      message: 'notarization: App Store Connect API key (APPLE_API_KEY)',
      credentials: {
        appleApiKey: env.APPLE_API_KEY,
        appleApiKeyId: env.APPLE_API_KEY_ID,
        appleApiIssuer: env.APPLE_API_ISSUER,
      },
    };
  if (has(env, 'APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'))
    return {
      notarize: true,
      message: 'notarization: Apple ID (APPLE_ID)',
      credentials: {
        appleId: env.APPLE_ID,
        appleIdPassword: env.APPLE_APP_SPECIFIC_PASSWORD,
        teamId: env.APPLE_TEAM_ID,
      },
    };
  if (has(env, 'APPLE_KEYCHAIN_PROFILE'))
    return {
      notarize: true,
      message: 'notarization: keychain profile (APPLE_KEYCHAIN_PROFILE)',
      credentials: {
        keychainProfile: env.APPLE_KEYCHAIN_PROFILE,
        ...(has(env, 'APPLE_KEYCHAIN') ? { keychain: env.APPLE_KEYCHAIN } : {}),
      },
    };
  return {
    notarize: false,
    message:
      'notarization: SKIPPED, Gatekeeper will refuse this build on other Macs (set APPLE_API_KEY, APPLE_API_KEY_ID ' +
      'and APPLE_API_ISSUER; or APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID; or APPLE_KEYCHAIN_PROFILE)',
  };
}
