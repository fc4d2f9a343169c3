/**
 * Issue 29, item 9: the export suggests a file name with the time to the second (UTC), so the
 * second export of a day does not suggest the first one's; a refused name is said plainly ("…
 * already exists …"), never "an input is invalid", and the same dialog lets the operator choose
 * another name and export again.
 */
import { existsSync } from 'node:fs';
import { test, expect } from './support/fixtures';
import { ActivitiesPage } from './pages/activities';
import { Shell } from './pages/shell';

const STAMPED = /activities-Local_sandbox-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.csv$/;

test('the export name carries a timestamp; a taken name is said plainly and another can be chosen', async ({
  app,
}) => {
  const view = new ActivitiesPage(app);
  await new Shell(app).openTab('activities');
  await view.table.waitReady();

  await view.exportButton.click();
  const first = await view.exportPath.inputValue();
  expect(first).toMatch(STAMPED);
  await view.exportStart.click();
  await expect(view.exportResult).toContainText('Wrote 2,000 rows');
  expect(existsSync(first)).toBe(true);
  await view.exportClose.click();

  // The second export: choose the first file's name on purpose.
  await view.exportButton.click();
  expect(await view.exportPath.inputValue()).toMatch(STAMPED);
  await view.exportPath.fill(first);
  await view.exportStart.click();
  const error = view.exportDialog.getByTestId('export-error');
  await expect(error).toContainText('already exists');
  await expect(error).toContainText('Choose another file name');
  await expect(error).not.toContainText('invalid');
  await expect(error).not.toContainText('bad-input');

  // Not a dead end: the same dialog takes another name.
  await expect(view.exportPath).toBeEditable();
  const second = first.replace(/\.csv$/, '-2.csv');
  await view.exportPath.fill(second);
  await view.exportDialog.getByRole('button', { name: 'Export again' }).click();
  await expect(view.exportResult).toContainText('Wrote 2,000 rows');
  expect(existsSync(second)).toBe(true);
});
