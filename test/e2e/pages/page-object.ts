/**
 * What every page object starts from: the page, and its plain locators built from a map of test
 * ids, so a spec still reads `view.json` or `confirm.submit`. Methods and parameterised locators
 * stay in the page object itself.
 */
import type { Locator, Page } from '@playwright/test';

/** One locator per key: `byTestId(composer, { json: 'composer-json' })` is `{ json: Locator }`. */
export function byTestId<K extends string>(
  scope: Page | Locator,
  ids: Readonly<Record<K, string>>,
): Record<K, Locator> {
  const locators = {} as Record<K, Locator>;
  for (const key of Object.keys(ids) as K[]) locators[key] = scope.getByTestId(ids[key]);
  return locators;
}

/**
 * A container and the locators inside it: `within(page, { composer: 'exchange-composer' }, { json:
 * 'composer-json' })` is `{ composer: Locator; json: Locator }`. `container` names exactly one.
 */
export function within<R extends string, K extends string>(
  scope: Page | Locator,
  container: Readonly<Record<R, string>>,
  ids: Readonly<Record<K, string>>,
): Record<R | K, Locator> {
  const entries = Object.entries<string>(container);
  if (entries.length !== 1) throw new Error('within() names exactly one container');
  const [name, id] = entries[0] as [R, string];
  const root = scope.getByTestId(id);
  return { ...byTestId(root, ids), [name]: root } as Record<R | K, Locator>;
}

/**
 * The base class of a page object whose locators `build` returns from the page:
 * `class ConfirmDialog extends PageObject((page) => within(page, { root: 'confirm-dialog' }, {…})) {…}`.
 */
export function PageObject<L extends Record<string, Locator>>(
  build: (page: Page) => L,
): new (page: Page) => { readonly page: Page } & Readonly<L> {
  return class {
    constructor(readonly page: Page) {
      Object.assign(this, build(page));
    }
  } as new (page: Page) => { readonly page: Page } & Readonly<L>;
}
