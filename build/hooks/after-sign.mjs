// electron-builder's afterSign hook (electron-builder.yml): reports the signing that happened and
// notarizes a macOS build when credentials are in the environment; otherwise says clearly what was skipped.
import { join } from 'node:path';
import { notarizationPlan, signingPlan } from './signing-plan.mjs';

export default async function afterSign(context) {
  const platform = context.electronPlatformName;
  console.info(`  • ${signingPlan(platform, process.env).message}`);
  const plan = notarizationPlan(platform, process.env);
  console.info(`  • ${plan.notarize ? `${plan.message}: notarizing…` : plan.message}`);
  if (!plan.notarize) return;
  const appPath = join(context.appOutDir, `${context.packager.appInfo.productFilename}.app`);
  const { notarize } = await import('@electron/notarize');
  await notarize({ appPath, ...plan.credentials });
  console.info(`  • ${plan.message}: done`);
}
