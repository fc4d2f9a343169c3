/**
 * Workspace names compared with each other and with the built-in sandbox's, by their UTS #39
 * confusable skeleton (confusables.ts). The main side's workspace store decides; the renderer's
 * workspace forms give the same answer early. Apart from workspace-rules.ts so that the contract
 * (and the renderer's first chunk) does not carry the confusables table.
 */
import { namesLookAlike } from './confusables';
import { fail, ok, type Result } from './result';
import { BUILT_IN_SANDBOX_NAME, checkNameText } from './workspace-rules';

/**
 * Checks a workspace name against the characters rule and against the names already taken
 * (`others`: the other workspaces' names, without the one being renamed). Taken means looking
 * alike: the same UTS #39 confusable skeleton, ignoring case, width and spaces (confusables.ts).
 * The built-in sandbox's name is always taken unless `builtIn` is the built-in workspace itself.
 * The name is kept in NFC, so an "é" typed as "e" and a combining accent is stored as one letter.
 */
export function checkWorkspaceName(
  name: string,
  others: readonly string[],
  options: { builtIn?: boolean } = {},
): Result<string> {
  const text = checkNameText(name);
  if (!text.ok) return text;
  const trimmed = text.value;
  if (!options.builtIn && namesLookAlike(trimmed, BUILT_IN_SANDBOX_NAME)) {
    return fail(
      'bad-input',
      `"${BUILT_IN_SANDBOX_NAME}" is the built-in sandbox's name, and this name looks like it; choose another name for this workspace.`,
    );
  }
  const copied = others.find((other) => namesLookAlike(other, trimmed));
  if (copied !== undefined) {
    return fail(
      'bad-input',
      `Another workspace is already named "${copied}", which looks like this name; choose a name that tells them apart.`,
    );
  }
  return ok(trimmed);
}
