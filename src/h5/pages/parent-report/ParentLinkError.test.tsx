// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../core/api/client';
import { loadCatalogue } from '../../../core/i18n/catalogue-store';
import { wholeCatalogues } from '../../../core/i18n/whole-catalogues';
import { I18nProvider } from '../../../views/i18n/i18n-context';
import { ParentLinkError } from './ParentLinkError';

beforeAll(() => loadCatalogue('zh', wholeCatalogues));
afterEach(cleanup);

function shown(error: unknown): string {
  const view = render(<I18nProvider lang="zh" catalogues={wholeCatalogues}><ParentLinkError error={error} /></I18nProvider>);
  const text = view.getByTestId('parent-report-error').textContent ?? '';
  view.unmount();
  return text;
}

describe('the parents’ page when the link opens nothing', () => {
  it('a wrong, expired or revoked link says what happened to the link', () => {
    expect(shown(new ApiError('x', 404, 'PARENT_LINK_INVALID'))).toContain('链接无效');
    expect(shown(new ApiError('x', 410, 'PARENT_LINK_EXPIRED'))).toContain('链接已过期');
  });

  it('a passing failure (too many tries, no network) is not called a wrong link, and offers a retry', () => {
    const text = shown(new ApiError('操作过于频繁，请 42 秒后再试', 429, 'TOO_MANY_REQUESTS', '操作过于频繁，请 42 秒后再试'));
    expect(text).toContain('42 秒后再试');
    expect(text).toContain('链接没有问题');
    expect(text).toContain('重新加载');
    expect(text).not.toContain('链接无效');
    expect(shown(new ApiError('网络异常', 0, 'NETWORK'))).toContain('网络异常');
  });
});
