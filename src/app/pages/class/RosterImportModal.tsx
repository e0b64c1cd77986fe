import { useState } from 'react';
import { Alert, App, Modal, Table, Tag, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { ApiError } from '../../../core/api/client';
import type { ImportRow } from '../../../core/api/contracts/students';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';

function toBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(',')[1] ?? '');
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Roster import from CSV or xlsx: preview with a per-row error report, then import the valid rows. */
export function RosterImportModal({ classId, onClose, onDone }: { classId: number; onClose(): void; onDone(): void }) {
  const t = useT();
  const { message } = App.useApp();
  const { classes } = useApp();
  const [rows, setRows] = useState<ImportRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const valid = rows?.filter((r) => r.status === 'ok') ?? [];

  const preview = async (file: File) => {
    setBusy(true);
    setError(null);
    try {
      const res = await classes.importPreview({ classId, fileName: file.name, contentBase64: await toBase64(file) });
      setRows(res.rows);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('error.fallback'));
    } finally {
      setBusy(false);
    }
  };
  const commit = async () => {
    setBusy(true);
    try {
      const res = await classes.importCommit({ classId, rows: valid.map(({ line, name, gender, studentNo, identificationNo, phone }) => ({ line, name, gender, studentNo, identificationNo, phone })) });
      void message.success(t('student.importDone', { n: res.created }));
      onDone();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      width={860}
      title={t('student.import')}
      onCancel={onClose}
      okText={t('student.importCommit', { n: valid.length })}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: valid.length === 0, loading: busy, id: 'import-commit' }}
      onOk={() => void commit()}
    >
      <Typography.Paragraph type="secondary">{t('student.importDesc')}</Typography.Paragraph>
      <Upload.Dragger
        accept=".csv,.xlsx"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          void preview(file);
          return false;
        }}
        data-testid="import-upload"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{t('student.import')}</p>
      </Upload.Dragger>
      {error && <Alert type="error" showIcon message={error} style={{ marginTop: 12 }} />}
      {rows && (
        <>
          <Alert
            style={{ margin: '12px 0' }}
            type={rows.length - valid.length ? 'warning' : 'success'}
            showIcon
            message={t('student.importValid', { valid: valid.length, invalid: rows.length - valid.length })}
            data-testid="import-summary"
          />
          <Table<ImportRow>
            size="small"
            rowKey="line"
            dataSource={rows}
            pagination={{ pageSize: 8 }}
            columns={[
              { title: t('student.row'), dataIndex: 'line', width: 64 },
              { title: t('student.name'), dataIndex: 'name' },
              { title: t('student.no'), dataIndex: 'studentNo' },
              { title: t('student.phone'), dataIndex: 'phone' },
              {
                title: t('student.problem'),
                render: (_, r) => (r.status === 'ok' ? <Tag color="green">{t('student.ok')}</Tag> : r.errors.map((e) => <Tag color="red" key={e.field + e.code}>{e.message}</Tag>)),
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
