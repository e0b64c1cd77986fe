import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { baseUrl, expectPath, fillLogin, signIn } from './support/session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Waits for a toast with this text (antd stacks several, so look for the one we expect). */
async function seeMessage(page: Page, text: string) {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor({ timeout: 10_000 });
}

describe('main layout', () => {
  it('refuses to close the last tab, and says when there is no tab on the left or right', async () => {
    const { context, page } = await signIn(browser, 'teacher01');
    await expectPath(page, '/teacherIndex');
    await page.locator('.ant-tabs-tab-remove').first().click();
    await seeMessage(page, '这是最后一个标签了, 无法被关闭');

    await page.getByTestId('tab-actions').click();
    await page.locator('.ant-dropdown:visible').getByText('关闭左侧').click();
    await seeMessage(page, '左侧没有标签');

    await page.getByTestId('tab-actions').click();
    await page.locator('.ant-dropdown:visible').getByText('关闭右侧').click();
    await seeMessage(page, '右侧没有标签');

    // with a second tab open, closing the others works
    await page.locator('.zp-sider').getByText('班级管理').click();
    await expectPath(page, '/class/index');
    await expect.poll(() => page.locator('[data-tab-path]').count()).toBe(2);
    await page.getByTestId('tab-actions').click();
    await page.locator('.ant-dropdown:visible').getByText('关闭其他').click();
    await expect.poll(() => page.locator('[data-tab-path]').count()).toBe(1);
    await context.close();
  });

  it('validates the change-password form with each spec message, then asks for a new sign-in', async () => {
    const { context, page } = await signIn(browser, 'principal01');
    await expectPath(page, '/headmaster');
    const openDialog = async () => {
      await page.getByTestId('user-menu').click();
      await page.getByText('修改密码').click();
    };
    const form = page.getByTestId('change-password-form');
    const ok = page.locator('.ant-modal-footer .ant-btn-primary');
    const errors = () => form.locator('.ant-form-item-explain-error').allTextContents();
    await openDialog();

    await ok.click();
    await expect.poll(errors).toEqual(expect.arrayContaining(['请输入正确的密码', '请输入新密码']));
    await form.locator('input').nth(0).fill('   ');
    await expect.poll(errors).toContain('密码不能为空');
    await form.locator('input').nth(0).fill('Zhipi@2026');
    await form.locator('input').nth(1).fill('Zhipi@2026');
    await expect.poll(errors).toContain('新密码不能与旧密码相同');

    await form.locator('input').nth(0).fill('NotMyPass1');
    await form.locator('input').nth(1).fill('Fresh@2027x');
    await form.locator('input').nth(2).fill('Fresh@2027x');
    await ok.click();
    await expect.poll(errors).toContain('请输入正确的密码');

    await form.locator('input').nth(0).fill('Zhipi@2026');
    await ok.click();
    await seeMessage(page, '修改成功，请重新登录');
    await expectPath(page, '/user/login');

    // the new password works; put the demo password back for other tests
    await fillLogin(page, 'principal01', 'Fresh@2027x');
    await expectPath(page, '/headmaster');
    await openDialog();
    await form.locator('input').nth(0).fill('Fresh@2027x');
    await form.locator('input').nth(1).fill('Zhipi@2026');
    await form.locator('input').nth(2).fill('Zhipi@2026');
    await ok.click();
    await expectPath(page, '/user/login');
    await context.close();
  });

  it('marks a notification as read from the drawer', async () => {
    const { context, page } = await signIn(browser, 'classrole01');
    await expectPath(page, '/class/index');
    await page.getByTestId('bell').click();
    await page.getByTestId('notification').first().waitFor();
    await page.getByTestId('notification').first().getByRole('button').click();
    await seeMessage(page, '已读');
    await context.close();
  });

  it('opens a permitted page through the side menu and refuses one without permission', async () => {
    const { context, page } = await signIn(browser, 'classrole01');
    await expectPath(page, '/class/index');
    await page.goto(`${baseUrl()}/teaching/headmaster`);
    await expectPath(page, '/exception/403');
    await context.close();
  });
});
