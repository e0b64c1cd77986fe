import { useState } from 'react';
import { Alert, App, Button, Input, List, Popconfirm, Select, Space, Table, Tag, Upload } from 'antd';
import type { ImportResult, LcwKind, Question } from '../../../core/api/contracts/lcw';
import { LCW_IMPORT_MAX_BYTES } from '../../../core/api/contracts/lcw';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { QuestionModal, kindOptions } from './QuestionModal';
import { answerText, kindKey, letter, saveBlob, useLcwApi } from './use-lcw';
import { Authorized } from '../../../views/auth/authorized';

const toBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(',', 2)[1] ?? '');
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** The school's etiquette question bank: search, add, edit, delete, xlsx import with a per-line report. */
export function QuestionBank() {
  const t = useT();
  const { message } = App.useApp();
  const api = useLcwApi();
  const [kind, setKind] = useState<LcwKind | undefined>();
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const [editing, setEditing] = useState<Question | null | undefined>(undefined);
  const [report, setReport] = useState<ImportResult | null>(null);
  const page = useAsync(() => api.questions({ kind, keyword: keyword || undefined, ...paging }), [api, kind, keyword, paging]);

  const importFile = async (file: File) => {
    if (file.size > LCW_IMPORT_MAX_BYTES) {
      void message.error(t('lcw.importTooLarge', { kb: LCW_IMPORT_MAX_BYTES / 1024 }));
      return;
    }
    const result = await api.importQuestions(file.name, await toBase64(file));
    setReport(result);
    void message.success(t('lcw.imported', { count: result.imported }));
    await page.reload();
  };

  return (
    <div data-testid="lcw-bank">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select allowClear placeholder={t('lcw.f.kind')} style={{ width: 140 }} options={kindOptions(t)} value={kind} onChange={(v) => { setKind(v); setPaging((p) => ({ ...p, pageNum: 1 })); }} />
        <Input.Search allowClear placeholder={t('lcw.f.stem')} style={{ width: 240 }} onSearch={(v) => { setKeyword(v.trim()); setPaging((p) => ({ ...p, pageNum: 1 })); }} />
        <Authorized action="lcw.add">
          <Button type="primary" onClick={() => setEditing(null)} data-testid="lcw-add-question">{t('lcw.newQuestion')}</Button>
        </Authorized>
        <Authorized action="lcw.import">
        <Upload accept=".xlsx" showUploadList={false} beforeUpload={(f) => { void importFile(f).catch(() => undefined); return false; }}>
          <Button data-testid="lcw-import">{t('lcw.import')}</Button>
        </Upload>
        </Authorized>
        <Button type="link" onClick={() => void api.template().then((b) => saveBlob(b, `${t('lcw.bank')}.xlsx`))}>{t('lcw.template')}</Button>
      </Space>
      {report && report.errors.length > 0 && (
        <Alert
          type="warning"
          closable
          onClose={() => setReport(null)}
          style={{ marginBottom: 12 }}
          title={t('lcw.importErrors')}
          description={<List size="small" dataSource={report.errors} renderItem={(e) => <List.Item>{t('lcw.line', { line: e.line })}: {e.message}</List.Item>} />}
          data-testid="lcw-import-report"
        />
      )}
      <Table<Question>
        rowKey="id"
        size="middle"
        loading={page.loading}
        dataSource={page.data?.list ?? []}
        pagination={{ current: paging.pageNum, pageSize: paging.pageSize, total: page.data?.total ?? 0, onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }) }}
        columns={[
          { title: t('lcw.f.kind'), dataIndex: 'kind', width: 100, render: (k: LcwKind) => <Tag>{t(kindKey(k))}</Tag> },
          {
            title: t('lcw.f.stem'),
            dataIndex: 'stem',
            render: (stem: string, q) => (
              <div>
                <div>{stem}</div>
                {q.options.length > 0 && <div style={{ color: '#888', fontSize: 12 }}>{q.options.map((o, i) => `${letter(i)}. ${o}`).join('  ')}</div>}
              </div>
            ),
          },
          { title: t('lcw.f.answer'), width: 90, render: (_: unknown, q) => answerText(q.kind, q.answer, t) || '—' },
          { title: t('lcw.f.points'), dataIndex: 'points', width: 70 },
          { title: t('lcw.f.creator'), dataIndex: 'createdByName', width: 100 },
          {
            title: '',
            width: 140,
            render: (_: unknown, q) => (
              <Space>
                <Authorized action="lcw.edit"><a onClick={() => setEditing(q)}>{t('lcw.editQuestion')}</a></Authorized>
                <Authorized action="lcw.delete"><Popconfirm title={t('lcw.confirmDeleteQuestion')} onConfirm={() => void api.deleteQuestion(q.id).then(() => page.reload())}>
                  <a style={{ color: '#c21939' }}>×</a>
                </Popconfirm></Authorized>
              </Space>
            ),
          },
        ]}
      />
      <QuestionModal
        open={editing !== undefined}
        question={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          void page.reload();
        }}
      />
    </div>
  );
}
