import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Card, Progress, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { ApiError, type ApiClient } from '../../core/api/client';
import type { batchMatchResult, batchPage, batchProgress } from '../../core/api/contracts/batch';
import type { Student } from '../../core/api/contracts/students';
import type { batchApi } from '../../core/api/endpoints/batch';

type BatchApi = ReturnType<typeof batchApi>;
import type { MessageKey } from '../../core/i18n';
import { PageImage } from '../common/PageImage';
import { useT } from '../i18n/i18n-context';

type MatchResult = z.infer<typeof batchMatchResult>;
type BatchPage = z.infer<typeof batchPage>;
type Progress = z.infer<typeof batchProgress>;

const STATE_KEYS: Record<BatchPage['state'], MessageKey> = {
  pending: 'batch.statePending',
  matched: 'batch.stateMatched',
  grouped: 'batch.stateGrouped',
  unmatched: 'batch.stateUnmatched',
  rejected: 'batch.stateRejected',
};
const STATE_COLORS: Record<BatchPage['state'], string> = { pending: 'default', matched: 'green', grouped: 'cyan', unmatched: 'orange', rejected: 'red' };
const METHOD_KEYS: Record<string, MessageKey> = { qr: 'batch.methodQr', ocr: 'batch.methodOcr', filename: 'batch.methodFilename', manual: 'batch.methodManual' };

/** The students to pick for a page: its candidates first (with how sure), then the rest of the class. */
export function pageStudentOptions(page: Pick<BatchPage, 'candidates'>, students: readonly Pick<Student, 'id' | 'name' | 'studentNo'>[]) {
  const first = page.candidates.map((c) => ({ value: c.studentId, label: `${c.studentNo} ${c.name}（${Math.round(c.score * 100)}%）` }));
  const rest = students.filter((s) => !page.candidates.some((c) => c.studentId === s.id)).map((s) => ({ value: s.id, label: `${s.studentNo} ${s.name}` }));
  return [...first, ...rest];
}

/**
 * Batch PDF/ZIP upload (product-rules.md#screens Upload): scanner tips, the upload, live progress (SSE), and the match
 * report where the teacher assigns unmatched pages by hand.
 */
export function BatchUpload(props: { client: ApiClient; batch: BatchApi; taskId: number; classId: number; students: Student[] }) {
  const t = useT();
  const { message } = App.useApp();
  const [batchId, setBatchId] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [result, setResult] = useState<MatchResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [picks, setPicks] = useState<Record<number, number | null>>({});
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const watch = async (id: string) => {
    abort.current?.abort();
    const controller = (abort.current = new AbortController());
    try {
      await props.batch.progress(id, (_event, data) => setProgress(JSON.parse(data) as Progress), { signal: controller.signal });
    } catch {
      /* the stream ended early: the match result below still tells the state */
    }
    if (!controller.signal.aborted) setResult(await props.batch.matchResult(id));
  };

  const upload = async (file: File) => {
    setError(null);
    setResult(null);
    setProgress(null);
    setPicks({});
    const form = new FormData();
    form.set('taskId', String(props.taskId));
    form.set('classId', String(props.classId));
    form.set('file', file);
    try {
      const res = await props.batch.upload(/\.zip$/i.test(file.name) ? 'zip' : 'pdf', form);
      setBatchId(res.batchId);
      void watch(res.batchId);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('error.fallback'));
    }
  };

  const saveAssignments = async () => {
    if (!batchId) return;
    const assignments = Object.entries(picks).map(([pageNo, studentId]) => ({ pageNo: Number(pageNo), studentId }));
    if (assignments.length === 0) return;
    setResult(await props.batch.assign({ batchId, assignments }));
    setPicks({});
    void message.success(t('batch.assigned'));
  };

  const studentOptions = (page: BatchPage) => pageStudentOptions(page, props.students);

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="batch-upload">
      <Card size="small" title={t('batch.scanTitle')}>
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          <li>{t('batch.scan1')}</li>
          <li>{t('batch.scan2')}</li>
          <li>{t('batch.scan3')}</li>
        </ul>
      </Card>
      <Upload.Dragger
        accept=".pdf,.zip"
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{t('batch.drop')}</p>
        <Typography.Text type="secondary">{t('batch.formats')}</Typography.Text>
      </Upload.Dragger>
      {error && <Alert type="error" showIcon message={error} />}
      {progress && !result && (
        <div data-testid="batch-progress">
          <Progress percent={progress.progress} status={progress.status === 'failed' ? 'exception' : 'active'} />
          <Typography.Text>{t('batch.progress', { progress: progress.progress })}</Typography.Text>
        </div>
      )}
      {result && (
        <>
          <Alert
            data-testid="batch-summary"
            type={result.batch.status === 'failed' ? 'error' : result.summary.unmatched ? 'warning' : 'success'}
            showIcon
            message={result.batch.status === 'failed' ? t('batch.failed', { error: result.batch.error ?? '' }) : t('batch.summary', result.summary)}
          />
          <Table<BatchPage>
            size="small"
            rowKey="pageNo"
            dataSource={result.pages}
            pagination={{ pageSize: 15 }}
            scroll={{ x: 760 }}
            columns={[
              { title: t('batch.page'), dataIndex: 'pageNo', width: 64, render: (n: number, p) => p.entryName ?? n },
              {
                title: '',
                width: 72,
                render: (_, p) => (p.imageUrl ? <PageImage width={48} height={64} src={p.imageUrl} rotation={p.rotation} alt={t('batch.pageThumbnail', { page: p.entryName ?? p.pageNo })} data-testid={`batch-thumb-${p.pageNo}`} /> : null),
              },
              { title: t('batch.state'), dataIndex: 'state', render: (s: BatchPage['state']) => <Tag color={STATE_COLORS[s]}>{t(STATE_KEYS[s])}</Tag> },
              { title: t('batch.method'), render: (_, p) => (p.method ? `${t(METHOD_KEYS[p.method] ?? 'batch.methodManual')}${p.confidence !== null ? ` ${Math.round(p.confidence * 100)}%` : ''}` : '—') },
              { title: t('batch.student'), render: (_, p) => (p.student ? `${p.student.studentNo} ${p.student.name}` : '—') },
              { title: t('batch.reason'), dataIndex: 'reason', render: (r: string | null) => r ?? '' },
              {
                title: t('batch.assign'),
                width: 220,
                render: (_, p) =>
                  p.state === 'unmatched' || p.state === 'rejected' || picks[p.pageNo] !== undefined ? (
                    <Select
                      allowClear
                      showSearch
                      optionFilterProp="label"
                      style={{ width: 200 }}
                      data-testid={`assign-page-${p.pageNo}`}
                      value={picks[p.pageNo] ?? undefined}
                      onChange={(v) => setPicks((x) => ({ ...x, [p.pageNo]: v ?? null }))}
                      options={studentOptions(p)}
                    />
                  ) : null,
              },
            ]}
          />
          <Button type="primary" disabled={Object.keys(picks).length === 0} onClick={() => void saveAssignments()} data-testid="assign-save">
            {t('batch.assignSave')}
          </Button>
        </>
      )}
    </Space>
  );
}
