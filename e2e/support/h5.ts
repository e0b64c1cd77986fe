import type { Page } from 'playwright-core';

/** On an H5 page after the name was picked: types the student's own code and confirms it. */
export async function enterStudentCode(page: Page, code: string): Promise<void> {
  // antd-mobile puts data-* on the input's wrapper in some versions and on the input in others.
  await page.locator('[data-testid=h5-student-code-input] input, input[data-testid=h5-student-code-input]').first().fill(code);
  await page.getByTestId('h5-student-code-ok').click();
}
