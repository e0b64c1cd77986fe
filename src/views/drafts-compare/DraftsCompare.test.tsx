// @vitest-environment jsdom
import { render, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StudentDrafts } from '../../core/api/contracts/review';
import { loadCatalogue } from '../../core/i18n/catalogue-store';
import { wholeCatalogues } from '../../core/i18n/whole-catalogues';
import { I18nProvider } from '../i18n/i18n-context';
import { DraftsCompare } from './DraftsCompare';

const draft = (id: number, n: number, transcript: string, discarded = false): StudentDrafts['drafts'][number] => ({
  id,
  taskId: 1,
  classId: 1,
  studentId: 9,
  draft: n,
  status: 'ai_done',
  label: 'pendingReview',
  source: 'phone',
  insistCorrect: false,
  wordCount: transcript.length,
  aiScore: 'B',
  teacherScore: null,
  submittedTime: '2026-11-21T08:00:00Z',
  auditTime: null,
  pageCount: 1,
  flagCount: 0,
  transcript,
  teacherComment: n === 0 ? '请写具体一些' : '',
  aiComment: '内容具体',
  discarded,
});

// the page's texts are fetched before it renders (the app does it on start)
beforeAll(() => loadCatalogue('zh', wholeCatalogues));

describe('DraftsCompare', () => {
  it('renders inside a shadow root with its own styles and marks what each draft changed', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    const mount = document.createElement('div');
    root.append(mount);
    const data: StudentDrafts = { studentId: 9, studentName: '李小明', drafts: [draft(1, 0, '我们再一起玩。', true), draft(2, 1, '我们在一起玩。'), draft(3, 2, '我们在一起快乐地玩。')] };
    render(
      <I18nProvider lang="zh" catalogues={wholeCatalogues}>
        <DraftsCompare api={{ review: { drafts: async () => data } }} taskId={1} studentId={9} getPopupContainer={() => mount} />
      </I18nProvider>,
      { container: mount },
    );
    // (the catalogue, diff and first render take over 1 s on a loaded 2-core machine)
    await waitFor(() => expect(root.querySelectorAll('[data-testid=draft-column]').length).toBe(3), { timeout: 10_000 });
    // the view's stylesheet renders with it, inside the shadow root (vitest leaves ?inline CSS empty)
    expect(root.querySelector('.zp-drafts-compare > style')).not.toBeNull();
    const columns = [...root.querySelectorAll('[data-testid=draft-column]')];
    // the discarded first draft is greyed and the revision is not compared with it
    expect(columns[0]!.getAttribute('data-discarded')).toBe('true');
    expect(columns[1]!.querySelectorAll('ins, del').length).toBe(0);
    // revised 2 marks its addition against revised 1
    expect([...columns[2]!.querySelectorAll('ins')].map((n) => n.textContent)).toEqual(['快乐地']);
    expect(columns[2]!.querySelector('[data-testid=draft-changes]')?.textContent).toContain('新增 3 字');
  });
});
