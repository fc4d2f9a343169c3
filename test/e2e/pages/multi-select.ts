/** The MultiSelect filter (a button opening a checkbox list with search). */
import { expect, type Page } from '@playwright/test';

export async function chooseInMultiSelect(
  page: Page,
  testId: string,
  values: readonly string[],
): Promise<void> {
  await page.getByTestId(testId).click();
  const menu = page.getByTestId(`${testId}-menu`);
  await expect(menu).toBeVisible();
  for (const v of values) {
    const box = menu.getByRole('checkbox', { name: v, exact: true });
    if (!(await box.isChecked())) await box.check();
  }
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}
