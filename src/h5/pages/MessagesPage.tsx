import { lazy, Suspense } from 'react';
// antd-mobile by path (the index's chunk carries ErrorBlock and Toast into the first load); ErrorBlock and
// Toast themselves load when shown.
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { StudentMessage } from '../../core/api/contracts/student-messages';
import { useAsync } from '../../views/hooks/use-async';
import { useT } from '../../views/i18n/i18n-context';
import { useH5 } from '../h5-context';
import { h5PathOf, latestTask } from '../student-messages';
import { showToast } from '../toast';
import { LazyErrorBlock } from './LazyErrorBlock';
import { StudentGate, useForgetOnWrongCode, useStudentIdentity } from './StudentGate';

// the inbox (Tabs with react-spring, cards, badges) once the student is known; a phone sees the name list first
const MessagesInbox = lazy(() => import('./MessagesInbox').then((m) => ({ default: m.MessagesInbox })));

/**
 * `/teaching/h5/messages?code=`: a student's notifications (revision requests with the teacher's
 * message and a button to upload the revised draft, reminders, approvals). No sign-in: the class code
 * comes from the teacher's QR code, the student picks their name and types their own code (学生码) once
 * (both remembered on the phone).
 */
export default function MessagesPage() {
  const t = useT();
  const navigate = useNavigate();
  const { tasks, essays, studentMessages } = useH5();
  const [params] = useSearchParams();
  const code = (params.get('code') ?? '').trim().toUpperCase();
  const { who, remember, forget } = useStudentIdentity(code);
  const studentId = who?.studentId ?? null;

  const klass = useAsync(() => (code ? tasks.h5Class(code) : Promise.resolve(null)), [tasks, code]);
  // The class list comes with a task's upload context; every notification belongs to a task, so a
  // class without tasks has no notifications either.
  const task = latestTask(klass.data?.tasks ?? []);
  const roster = useAsync(() => (task ? essays.h5Context(task.id, code) : Promise.resolve(null)), [essays, task?.id, code]);
  const messages = useAsync(() => (who ? studentMessages.list({ classCode: code, ...who }) : Promise.resolve([] as StudentMessage[])), [studentMessages, code, who]);

  const me = roster.data?.students.find((s) => s.id === studentId);

  // A remembered code no longer accepted (the teacher reset it): prove it again.
  useForgetOnWrongCode(messages.error, forget);

  const markRead = async (ids: number[], toast = true) => {
    if (!who || ids.length === 0) return;
    await studentMessages.markRead({ classCode: code, ...who }, ids);
    if (toast) showToast({ content: t('h5.messages.read'), icon: 'success' });
    await messages.reload();
  };
  const act = async (m: StudentMessage) => {
    const path = h5PathOf(m.link);
    if (m.isRead === 0) await markRead([m.id], false).catch(() => undefined);
    if (path) navigate(path);
  };

  if (!code) return <LazyErrorBlock status="default" title={t('h5.messages.noCode')} description={t('h5.join.badCode')} />;
  if (klass.loading && !klass.data) return <DotLoading />;
  if (!klass.data) return <LazyErrorBlock status="default" title={t('h5.join.badCode')} description="" />;

  const back = () => navigate(`/join?code=${encodeURIComponent(code)}`);

  if (!who || (roster.data && !me)) {
    return (
      <StudentGate
        classCode={code}
        title={t('h5.messages.title')}
        students={!task ? [] : roster.data ? roster.data.students : null}
        emptyText={t('h5.messages.none')}
        itemTestId="h5-messages-student"
        testId="h5-messages"
        onBack={back}
        onVerified={remember}
      />
    );
  }

  return (
    <Suspense fallback={<DotLoading />}>
      <MessagesInbox
        className={klass.data.className}
        studentName={me?.name}
        messages={messages.data}
        loading={messages.loading}
        onBack={back}
        onForget={forget}
        markRead={(ids) => void markRead(ids)}
        act={(m) => void act(m)}
      />
    </Suspense>
  );
}
