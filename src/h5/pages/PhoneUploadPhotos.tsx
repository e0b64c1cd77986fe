import { useState, type Dispatch, type SetStateAction } from 'react';
// antd-mobile by path (the index's chunk carries ErrorBlock and Toast); Toast loads with the first toast.
import Button from 'antd-mobile/es/components/button';
import Card from 'antd-mobile/es/components/card';
import ImageUploader from 'antd-mobile/es/components/image-uploader';
import List from 'antd-mobile/es/components/list';
import NoticeBar from 'antd-mobile/es/components/notice-bar';
import ProgressBar from 'antd-mobile/es/components/progress-bar';
import Result from 'antd-mobile/es/components/result';
import Space from 'antd-mobile/es/components/space';
import type { ImageUploadItem } from 'antd-mobile/es/components/image-uploader';
import type { H5UploadContext } from '../../core/api/contracts/essays';
import { useT } from '../../views/i18n/i18n-context';
import { compressPhoto } from '../compress-photo';
import { useH5 } from '../h5-context';
import { showToast } from '../toast';

type Student = H5UploadContext['students'][number];
export interface Photo {
  key: string;
  file: File;
  url: string;
}

interface Props {
  taskId: number;
  classCode: string;
  maxPages: number;
  student: Student;
  studentCode: string;
  /** kept by the page while the same pupil goes back and forth; another name picked starts with none */
  photos: Photo[];
  setPhotos: Dispatch<SetStateAction<Photo[]>>;
  onChangeStudent: () => void;
  onSubmitted: () => void;
  /** the server refused the remembered student code: the page asks for it again */
  onCodeWrong: () => void;
}

/**
 * The phone upload's second screen, loaded once a student is chosen (the name list is what a phone
 * shows first, so the uploader, progress bar and photo compression are not in its first load): take or
 * choose photos, put them in page order, submit.
 */
export default function PhoneUploadPhotos({ taskId, classCode, maxPages, student, studentCode, photos, setPhotos, onChangeStudent, onSubmitted, onCodeWrong }: Props) {
  const t = useT();
  const { essays } = useH5();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  const move = (i: number, d: -1 | 1) =>
    setPhotos((list) => {
      const next = [...list];
      const [item] = next.splice(i, 1);
      next.splice(i + d, 0, item!);
      return next;
    });

  const submit = async () => {
    if (photos.length === 0) {
      showToast(t('h5.upload.noPhotos'));
      return;
    }
    setProgress({ done: 0, total: photos.length });
    try {
      const pages: File[] = [];
      for (const [i, p] of photos.entries()) {
        pages.push(await compressPhoto(p.file));
        setProgress({ done: i + 1, total: photos.length });
      }
      await essays.h5Submit({ taskId, classCode, studentId: student.id, studentCode }, pages);
      onSubmitted();
    } catch (err) {
      // The remembered code is no longer right: ask for it again (the message says why).
      if ((err as { error?: string }).error === 'STUDENT_CODE_WRONG') onCodeWrong();
      showToast({ content: (err as Error).message, icon: 'fail' });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Card
      title={`${student.name} · ${t('h5.upload.photos')}`}
      extra={
        <a role="button" onClick={onChangeStudent} data-testid="h5-change-student">
          {t('h5.upload.changeName')}
        </a>
      }
      style={{ margin: 8 }}
    >
      {student.label === 'awaitingRevision' && <NoticeBar color="info" content={t('h5.upload.revisionAsked')} style={{ marginBottom: 8 }} />}
      <p style={{ color: '#666', fontSize: 13, marginTop: 0 }}>{t('h5.upload.photosHelp')}</p>
      <ImageUploader
        multiple
        maxCount={maxPages}
        value={photos.map((p): ImageUploadItem => ({ key: p.key, url: p.url }))}
        onChange={(items) => setPhotos((list) => list.filter((p) => items.some((i) => i.key === p.key)))}
        upload={async (file) => {
          const photo = { key: `${file.name}-${file.size}-${Date.now()}`, file, url: URL.createObjectURL(file) };
          setPhotos((list) => [...list, photo]);
          return { key: photo.key, url: photo.url };
        }}
        showUpload={photos.length < maxPages}
      />
      {photos.length > 1 && (
        <List style={{ marginTop: 8 }}>
          {photos.map((p, i) => (
            <List.Item
              key={p.key}
              prefix={<img src={p.url} alt="" width={40} height={40} style={{ objectFit: 'cover' }} />}
              extra={
                <Space>
                  <Button size="mini" disabled={i === 0} onClick={() => move(i, -1)}>
                    {t('h5.upload.moveUp')}
                  </Button>
                  <Button size="mini" disabled={i === photos.length - 1} onClick={() => move(i, 1)}>
                    {t('h5.upload.moveDown')}
                  </Button>
                </Space>
              }
            >
              {t('h5.upload.page', { n: i + 1 })}
            </List.Item>
          ))}
        </List>
      )}
      {progress && (
        <div style={{ margin: '12px 0' }}>
          <ProgressBar percent={Math.round((progress.done / progress.total) * 100)} />
          <span style={{ fontSize: 12 }}>{t('h5.upload.submitting', progress)}</span>
        </div>
      )}
      <Button block color="primary" size="large" style={{ marginTop: 16 }} loading={Boolean(progress)} onClick={() => void submit()} data-testid="h5-submit">
        {student.label === 'notSubmitted' ? t('h5.upload.submit') : t('h5.upload.againKept')}
      </Button>
    </Card>
  );
}

/** After the photos went in. */
export function UploadDone({ name }: { name?: string }) {
  const t = useT();
  return <Result status="success" title={t('h5.upload.done')} description={name} />;
}
