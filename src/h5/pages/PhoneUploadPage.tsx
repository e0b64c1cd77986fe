import { useEffect, useMemo, useState } from 'react';
import { Button, Card, DotLoading, ErrorBlock, ImageUploader, List, NoticeBar, ProgressBar, Result, SearchBar, Space, Tag, Toast, type ImageUploadItem } from 'antd-mobile';
import { H5NavBar } from './H5NavBar';
import { useSearchParams } from 'react-router-dom';
import dayjs from 'dayjs';
import type { H5UploadContext } from '../../core/api/contracts/essays';
import { useAsync } from '../../views/hooks/use-async';
import { useT } from '../../views/i18n/i18n-context';
import { compressPhoto } from '../compress-photo';
import { useH5 } from '../h5-context';
import { forgetStudent, rememberedStudent, rememberStudent } from '../student-messages';
import { uploadStatusOf } from '../upload-status';
import { StudentCodeCard } from './StudentCodeCard';

type Student = H5UploadContext['students'][number];
interface Photo {
  key: string;
  file: File;
  url: string;
}

/**
 * `/teaching/h5/upload?taskId=&classCode=[&studentId=]`: what the task's upload QR code opens on a student's
 * phone. Pick your name, type your own code (学生码, once per phone), take or choose photos, put them in
 * page order, submit before the deadline. Coming from a notice (`studentId`) or on a phone that
 * remembers its student, the page opens on that student: no hunting for one's name among 45.
 */
export default function PhoneUploadPage() {
  const t = useT();
  const { essays } = useH5();
  const [params] = useSearchParams();
  const taskId = Number(params.get('taskId'));
  const classCode = params.get('classCode') ?? '';
  const context = useAsync(() => essays.h5Context(taskId, classCode), [essays, taskId, classCode]);
  const [student, setStudent] = useState<Student | null>(null);
  // The student's own code: remembered on this phone for the class, asked when another name is picked.
  const [studentCode, setStudentCode] = useState<string | null>(null);
  const pick = (s: Student) => {
    const known = rememberedStudent(window.localStorage, classCode.toUpperCase());
    setStudentCode(known?.studentId === s.id ? known.studentCode : null);
    setStudent(s);
  };
  const [search, setSearch] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [submitted, setSubmitted] = useState(false);

  // Open on the student the notice names, else the one this phone remembers for the class (once).
  const [autoPicked, setAutoPicked] = useState(false);
  useEffect(() => {
    if (autoPicked || !context.data) return;
    setAutoPicked(true);
    const wanted = Number(params.get('studentId')) || rememberedStudent(window.localStorage, classCode.toUpperCase())?.studentId;
    const s = context.data.students.find((x) => x.id === wanted);
    if (s && s.canSubmit && !context.data.closed) pick(s);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [context.data, autoPicked]);

  const students = useMemo(() => (context.data?.students ?? []).filter((s) => !search || s.name.includes(search.trim())), [context.data, search]);

  if (context.loading && !context.data) return <DotLoading />;
  if (!context.data) return <ErrorBlock status="default" title={t('h5.upload.notFound')} description="" />;
  const ctx = context.data;

  const move = (i: number, d: -1 | 1) =>
    setPhotos((list) => {
      const next = [...list];
      const [item] = next.splice(i, 1);
      next.splice(i + d, 0, item!);
      return next;
    });

  const submit = async () => {
    if (!student || !studentCode) return;
    if (photos.length === 0) {
      Toast.show(t('h5.upload.noPhotos'));
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
      setSubmitted(true);
      void context.reload();
    } catch (err) {
      // The remembered code is no longer right: ask for it again (the message says why).
      if ((err as { error?: string }).error === 'STUDENT_CODE_WRONG') {
        forgetStudent(window.localStorage, classCode.toUpperCase());
        setStudentCode(null);
      }
      Toast.show({ content: (err as Error).message, icon: 'fail' });
    } finally {
      setProgress(null);
    }
  };

  return (
    <div data-testid="h5-upload">
      <H5NavBar onBack={student && !submitted ? () => setStudent(null) : undefined}>{t('h5.upload.title')}</H5NavBar>
      <Card title={ctx.title} style={{ margin: 8 }}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <span>
            {ctx.className} · {t('h5.task.deadline', { time: dayjs(ctx.deadline).format('MM-DD HH:mm') })}
          </span>
          {ctx.requirements.length > 0 && (
            <div>
              <b>{t('h5.upload.requirements')}</b>
              {ctx.requirements.map((r, i) => (
                <div key={i}>
                  {i + 1}. {r}
                </div>
              ))}
            </div>
          )}
        </Space>
      </Card>
      {ctx.closed && <NoticeBar color="alert" content={t('h5.upload.late')} />}

      {submitted ? (
        <Result status="success" title={t('h5.upload.done')} description={student?.name} />
      ) : !student ? (
        <>
          <div style={{ padding: '8px 12px' }}>
            <SearchBar placeholder={t('h5.upload.searchName')} value={search} onChange={setSearch} />
          </div>
          <List header={t('h5.upload.pickName')}>
            {students.map((s) => {
              const status = uploadStatusOf(s);
              return (
                <List.Item
                  key={s.id}
                  data-testid="h5-student"
                  onClick={() => !ctx.closed && s.canSubmit && pick(s)}
                  disabled={ctx.closed || !s.canSubmit}
                  extra={<Tag color={status.color}>{t(status.label)}</Tag>}
                  description={status.why ? `${s.maskedNo} · ${t(status.why)}` : s.maskedNo}
                >
                  {s.name}
                </List.Item>
              );
            })}
          </List>
        </>
      ) : !studentCode ? (
        <StudentCodeCard
          classCode={classCode}
          student={student}
          onVerified={(code) => {
            rememberStudent(window.localStorage, classCode.toUpperCase(), { studentId: student.id, studentCode: code });
            setStudentCode(code);
          }}
        />
      ) : (
        <Card
          title={`${student.name} · ${t('h5.upload.photos')}`}
          extra={
            <a role="button" onClick={() => setStudent(null)} data-testid="h5-change-student">
              {t('h5.upload.changeName')}
            </a>
          }
          style={{ margin: 8 }}
        >
          {student.label === 'awaitingRevision' && <NoticeBar color="info" content={t('h5.upload.revisionAsked')} style={{ marginBottom: 8 }} />}
          <p style={{ color: '#666', fontSize: 13, marginTop: 0 }}>{t('h5.upload.photosHelp')}</p>
          <ImageUploader
            multiple
            maxCount={ctx.maxPages}
            value={photos.map((p): ImageUploadItem => ({ key: p.key, url: p.url }))}
            onChange={(items) => setPhotos((list) => list.filter((p) => items.some((i) => i.key === p.key)))}
            upload={async (file) => {
              const photo = { key: `${file.name}-${file.size}-${Date.now()}`, file, url: URL.createObjectURL(file) };
              setPhotos((list) => [...list, photo]);
              return { key: photo.key, url: photo.url };
            }}
            showUpload={photos.length < ctx.maxPages}
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
      )}
    </div>
  );
}
