import { useState } from 'react';
import { Button, Card, InputNumber, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { ApiClient } from '../../core/api/client';
import type { batchApi } from '../../core/api/endpoints/batch';

type BatchApi = ReturnType<typeof batchApi>;
import { useT } from '../i18n/i18n-context';

/** Download the class's printable answer sheets (grid paper with name, id and QR code per student). */
export function AnswerSheets(props: { client: ApiClient; batch: BatchApi; taskId: number; classId: number; fileName: string }) {
  const t = useT();
  const [pages, setPages] = useState(1);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const blob = await props.batch.answerSheets({ taskId: props.taskId, classId: props.classId, pages });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = props.fileName;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small">
      <Typography.Paragraph>{t('sheets.desc')}</Typography.Paragraph>
      <Space wrap>
        <span>{t('sheets.pages')}</span>
        <InputNumber min={1} max={4} value={pages} onChange={(v) => setPages(v ?? 1)} />
        <Button type="primary" icon={<DownloadOutlined />} loading={busy} onClick={() => void download()} data-testid="sheets-download">
          {t('sheets.download')}
        </Button>
      </Space>
    </Card>
  );
}
