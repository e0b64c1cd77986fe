import { useState } from 'react';
import { App, Button, Card, Col, Empty, Row, Select, Space, Spin, Upload } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, RotateRightOutlined, UploadOutlined } from '@ant-design/icons';
import { ApiError } from '../../core/api/client';
import type { Essay } from '../../core/api/contracts/essays';
import type { EssaysApi } from '../../core/api/endpoints/essays';
import { PageImage } from '../common/PageImage';
import { useT } from '../i18n/i18n-context';

/**
 * One student's essay pages for one draft: upload photos or scans, put them in order, rotate,
 * delete; submitting starts the AI review after the teacher's delay.
 */
export function EssayPagesEditor(props: { essays: EssaysApi; taskId: number; classId: number; studentId: number; essay: Essay | null; onChange(essay: Essay | null): void }) {
  const t = useT();
  const { message } = App.useApp();
  const [draft, setDraft] = useState<0 | 1 | 2>((props.essay?.draft as 0 | 1 | 2) ?? 0);
  const [busy, setBusy] = useState(false);
  const essay = props.essay && props.essay.draft === draft ? props.essay : null;

  const run = async (work: () => Promise<Essay | null>) => {
    setBusy(true);
    try {
      props.onChange(await work());
    } catch (err) {
      void message.error(err instanceof ApiError ? err.message : t('error.fallback'));
    } finally {
      setBusy(false);
    }
  };
  const addFiles = (files: File[]) =>
    run(async () => {
      const stored = [];
      for (const file of files) stored.push(await props.essays.uploadFile(file));
      const fileIds = stored.map((s) => s.id);
      const saved = essay
        ? await props.essays.addPages({ essayId: essay.id, fileIds })
        : await props.essays.saveSingle({ taskId: props.taskId, classId: props.classId, studentId: props.studentId, draft, fileIds });
      void message.success(t('upload.saved'));
      return saved;
    });
  const pages = essay?.pages ?? [];

  return (
    <Spin spinning={busy}>
      <Space style={{ marginBottom: 12 }} wrap>
        <span>{t('upload.draft')}</span>
        <Select
          value={draft}
          onChange={setDraft}
          style={{ width: 140 }}
          options={[0, 1, 2].map((d) => ({ value: d, label: t(`upload.draft${d}` as 'upload.draft0') }))}
        />
        <Upload
          accept="image/jpeg,image/png,image/webp"
          multiple
          showUploadList={false}
          beforeUpload={(file, list) => {
            if (file === list[list.length - 1]) void addFiles(list as File[]);
            return false;
          }}
        >
          <Button type="primary" icon={<UploadOutlined />} data-testid="single-upload">
            {pages.length ? t('upload.addPages') : t('upload.uploadPages')}
          </Button>
        </Upload>
      </Space>
      {pages.length === 0 ? (
        <Empty description={t('upload.noPages')} />
      ) : (
        <Row gutter={[12, 12]}>
          {pages.map((p, i) => (
            <Col key={p.id} xs={12} md={8} xl={6}>
              <Card
                size="small"
                title={t('upload.pageNo', { n: i + 1 })}
                data-testid="essay-page"
                actions={[
                  <Button key="up" type="text" size="small" icon={<ArrowLeftOutlined />} disabled={i === 0} aria-label={t('upload.movePrev')}
                    onClick={() => void run(() => { const ids = pages.map((x) => x.id); [ids[i - 1], ids[i]] = [ids[i]!, ids[i - 1]!]; return props.essays.reorderPages({ essayId: essay!.id, pageIds: ids }); })} />,
                  <Button key="rotate" type="text" size="small" icon={<RotateRightOutlined />} aria-label={t('upload.rotate')}
                    onClick={() => void run(() => props.essays.rotatePage({ pageId: p.id, degrees: 90 }))} />,
                  <Button key="del" type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('upload.removePage')} disabled={pages.length === 1}
                    onClick={() => void run(() => props.essays.deletePage(p.id))} />,
                ]}
              >
                <PageImage src={p.url} rotation={p.rotation} alt={t('upload.pageNo', { n: i + 1 })} width="100%" height={220} data-testid="essay-page-image" />
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </Spin>
  );
}
