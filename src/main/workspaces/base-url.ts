/**
 * Which base URLs a workspace may use. The rule lives in src/shared/workspace-rules.ts so the
 * renderer's forms apply the same one; the main side is the authority that refuses.
 */
export { resolveBaseUrl } from '../../shared/workspace-rules';
