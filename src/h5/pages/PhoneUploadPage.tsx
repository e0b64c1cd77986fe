import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
// Each component by its own path: the 'antd-mobile' index brings a chunk with ErrorBlock and Toast along.
import Card from 'antd-mobile/es/components/card';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import List from 'antd-mobile/es/components/list';
import Space from 'antd-mobile/es/components/space';
import Tag from 'antd-mobile/es/components/tag';
import { H5NavBar } from './H5NavBar';
import { useSearchParams } from 'react-router-dom';
import type { H5UploadContext } from '../../core/api/contracts/essays';
import { useAsync } from '../../views/hooks/use-async';
import { useT } from '../../views/i18n/i18n-context';
import { useH5 } from '../h5-context';
import { monthDayTime } from '../short-time';
import { forgetStudent, rememberedStudent, rememberStudent } from '../student-messages';
import { uploadStatusOf } from '../upload-status';
import type { Photo } from './PhoneUploadPhotos';

// What a phone shows first is the name list: the code card, the uploader (with its progress bar and
// photo compression), the done and not-found screens load when they are needed (Lighthouse TBT).
const StudentCodeCard = lazy(() => import('./StudentCodeCard').then((m) => ({ default: m.StudentCodeCard })));
const PhoneUploadPhotos = lazy(() => import('./PhoneUploadPhotos'));
const UploadDone = lazy(() => import('./PhoneUploadPhotos').then((m) => ({ default: m.UploadDone })));
const ErrorBlock = lazy(() => import('antd-mobile/es/components/error-block'));

type Student = H5UploadContext['students'][number];

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
  const [search, setSearch] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [photos, setPhotos] = useState<Photo[]>([]);
  // Photos belong to the pupil who took them: on a shared phone, the next name starts with none.
  const [photosOf, setPhotosOf] = useState<number | null>(null);
  const pick = (s: Student) => {
    const known = rememberedStudent(window.localStorage, classCode.toUpperCase());
    setStudentCode(known?.studentId === s.id ? known.studentCode : null);
    if (photosOf !== s.id) {
      for (const p of photos) URL.revokeObjectURL(p.url);
      setPhotos([]);
      setPhotosOf(s.id);
    }
    setStudent(s);
  };

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
  if (!context.data)
    return (
      <Suspense fallback={null}>
        <ErrorBlock status="default" title={t('h5.upload.notFound')} description="" />
      </Suspense>
    );
  const ctx = context.data;

  return (
    <div data-testid="h5-upload">
      <H5NavBar onBack={student && !submitted ? () => setStudent(null) : undefined}>{t('h5.upload.title')}</H5NavBar>
      <Card title={ctx.title} style={{ margin: 8 }}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <span>
            {ctx.className} · {t('h5.task.deadline', { time: monthDayTime(ctx.deadline) })}
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
      {/* not antd-mobile's NoticeBar: its close icon is shared with Toast, and the bundler ships the whole Toast chunk with it */}
      {ctx.closed && (
        <div role="status" className="zp-h5-notice">
          {t('h5.upload.late')}
        </div>
      )}

      <Suspense fallback={<DotLoading />}>
        {submitted ? (
          <UploadDone name={student?.name} />
        ) : !student ? (
          <>
            <div style={{ padding: '8px 12px' }}>
              {/* a plain search field: antd-mobile's SearchBar brings its whole Input into the first load */}
              <input type="search" className="zp-h5-search" placeholder={t('h5.upload.searchName')} aria-label={t('h5.upload.searchName')} value={search} onChange={(e) => setSearch(e.target.value)} />
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
          <PhoneUploadPhotos
            taskId={taskId}
            classCode={classCode}
            maxPages={ctx.maxPages}
            student={student}
            studentCode={studentCode}
            photos={photos}
            setPhotos={setPhotos}
            onChangeStudent={() => setStudent(null)}
            onSubmitted={() => {
              setSubmitted(true);
              void context.reload();
            }}
            onCodeWrong={() => {
              forgetStudent(window.localStorage, classCode.toUpperCase());
              setStudentCode(null);
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
