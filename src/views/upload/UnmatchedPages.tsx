import { useState } from 'react';
import { Alert, App, Button, Drawer, Empty, List, Select, Space, Typography } from 'antd';
import type { z } from 'zod';
import type { unmatchedPages } from '../../core/api/contracts/batch';
import type { Student } from '../../core/api/contracts/students';
import type { BatchApi } from '../../core/api/endpoints/batch';
import { PageImage } from '../common/PageImage';
import { useAsync } from '../hooks/use-async';
import { useT } from '../i18n/i18n-context';
import { pageStudentOptions } from './BatchUpload';
import { schoolTime } from '../../core/time/school-time';

type Page = z.infer<typeof unmatchedPages>['pages'][number];

export interface UnmatchedPagesProps {
  api: { batch: BatchApi };
  taskId: number;
  classId: number;
  students: readonly Pick<Student, 'id' | 'name' | 'studentNo'>[];
  onClose(): void;
  /** After a page was assigned or set aside (the list's counts change). */
  onChanged?(): void;
  getContainer?: () => HTMLElement;
}

/**
 * The pages batch uploads left without a student, from every upload of the task and class, so the
 * teacher can come back to them any time: each with its image (click to enlarge), why it was not
 * matched, the likeliest students first, and "assign" or "set aside".
 */
export function UnmatchedPages(props: UnmatchedPagesProps) {
  const t = useT();
  const { message } = App.useApp();
  const pages = useAsync(() => props.api.batch.unmatchedPages({ taskId: props.taskId, classId: props.classId }), [props.taskId, props.classId]);
  const [picks, setPicks] = useState<Record<string, number>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const keyOf = (p: Page) => `${p.batchId}:${p.pageNo}`;

  const save = async (p: Page, studentId: number | null) => {
    setBusy(keyOf(p));
    try {
      await props.api.batch.assign({ batchId: p.batchId, assignments: [{ pageNo: p.pageNo, studentId }] });
      void message.success(t('batch.assigned'));
      props.onChanged?.();
      void pages.reload();
    } finally {
      setBusy(null);
    }
  };

  const list = pages.data?.pages ?? [];
  return (
    <Drawer
      open
      width="min(720px, 100vw)"
      title={t('batch.unmatchedTitle', { count: list.length })}
      onClose={props.onClose}
      getContainer={props.getContainer}
      destroyOnHidden
      data-testid="unmatched-pages"
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('batch.unmatchedHint')} />
        {pages.error ? <Alert type="error" showIcon message={pages.error instanceof Error ? pages.error.message : t('error.fallback')} /> : null}
        <List<Page>
          loading={pages.loading}
          dataSource={list}
          locale={{ emptyText: <Empty description={t('batch.unmatchedNone')} /> }}
          renderItem={(p) => (
            <List.Item key={keyOf(p)} data-testid="unmatched-page">
              <Space align="start" size="middle" wrap>
                {p.imageUrl && (
                  <PageImage width={96} height={128} src={p.imageUrl} rotation={p.rotation} alt={t('batch.pageThumbnail', { page: p.entryName ?? p.pageNo })} preview={{ getContainer: props.getContainer ?? false }} />
                )}
                <Space direction="vertical" size={4} style={{ minWidth: 0, maxWidth: 460 }}>
                  <Typography.Text strong>{t('batch.pageThumbnail', { page: p.entryName ?? p.pageNo })}</Typography.Text>
                  <Typography.Text type="secondary">{t('batch.uploadedAt', { time: schoolTime(p.uploadedTime) })}</Typography.Text>
                  {p.reason && <Typography.Text type="secondary">{p.reason}</Typography.Text>}
                  <Space wrap>
                    <Select
                      showSearch
                      optionFilterProp="label"
                      style={{ width: 220 }}
                      placeholder={t('batch.assignTo')}
                      aria-label={t('batch.assignTo')}
                      value={picks[keyOf(p)]}
                      onChange={(v: number) => setPicks((x) => ({ ...x, [keyOf(p)]: v }))}
                      options={pageStudentOptions(p, props.students)}
                      getPopupContainer={props.getContainer}
                      data-testid="unmatched-assign"
                    />
                    <Button type="primary" disabled={!picks[keyOf(p)]} loading={busy === keyOf(p)} onClick={() => void save(p, picks[keyOf(p)]!)} data-testid="unmatched-save">
                      {t('batch.assignSave')}
                    </Button>
                    <Button danger disabled={busy === keyOf(p)} onClick={() => void save(p, null)}>
                      {t('batch.setAside')}
                    </Button>
                  </Space>
                </Space>
              </Space>
            </List.Item>
          )}
        />
      </Space>
    </Drawer>
  );
}
