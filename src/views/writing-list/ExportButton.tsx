import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { ReviewApi } from '../../core/api/endpoints/review';
import { useT } from '../i18n/i18n-context';

/** A file name without characters that file systems refuse. */
export function safeFileName(name: string): string {
  return name.replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 120) || 'export';
}

/**
 * Export the teacher-approved scores of a task in a class as xlsx (product-rules.md#validation: approved only); when
 * nothing is approved yet the server's message is shown by the client and nothing downloads.
 */
export function ExportButton({ api, taskId, classId, fileName }: { api: { review: Pick<ReviewApi, 'exportWriting'> }; taskId: number; classId: number; fileName: string }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const blob = await api.review.exportWriting(taskId, classId);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${safeFileName(fileName)}.xlsx`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      // shown by the client (product-rules.md#errors rules), e.g. nothing approved yet
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void download()} data-testid="export-writing">
      {t('writingList.export')}
    </Button>
  );
}
