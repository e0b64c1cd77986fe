import { useState } from 'react';
import { Badge, Button, Card, DotLoading, Empty, ErrorBlock, Space, Tabs, Tag, Toast } from 'antd-mobile';
import { H5NavBar } from './H5NavBar';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { StudentMessage } from '../../core/api/contracts/student-messages';
import { useAsync } from '../../views/hooks/use-async';
import { useT } from '../../views/i18n/i18n-context';
import { useH5 } from '../h5-context';
import { h5PathOf, KIND_COLORS, latestTask } from '../student-messages';
import { StudentGate, useForgetOnWrongCode, useStudentIdentity } from './StudentGate';

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
  const [tab, setTab] = useState<'unread' | 'all'>('unread');

  const klass = useAsync(() => (code ? tasks.h5Class(code) : Promise.resolve(null)), [tasks, code]);
  // The class list comes with a task's upload context; every notification belongs to a task, so a
  // class without tasks has no notifications either.
  const task = latestTask(klass.data?.tasks ?? []);
  const roster = useAsync(() => (task ? essays.h5Context(task.id, code) : Promise.resolve(null)), [essays, task?.id, code]);
  const messages = useAsync(() => (who ? studentMessages.list({ classCode: code, ...who }) : Promise.resolve([] as StudentMessage[])), [studentMessages, code, who]);

  const me = roster.data?.students.find((s) => s.id === studentId);
  const list = messages.data ?? [];
  const unread = list.filter((m) => m.isRead === 0);
  const shown = tab === 'unread' ? unread : list;

  // A remembered code no longer accepted (the teacher reset it): prove it again.
  useForgetOnWrongCode(messages.error, forget);

  const markRead = async (ids: number[], toast = true) => {
    if (!who || ids.length === 0) return;
    await studentMessages.markRead({ classCode: code, ...who }, ids);
    if (toast) Toast.show({ content: t('h5.messages.read'), icon: 'success' });
    await messages.reload();
  };
  const act = async (m: StudentMessage) => {
    const path = h5PathOf(m.link);
    if (m.isRead === 0) await markRead([m.id], false).catch(() => undefined);
    if (path) navigate(path);
  };

  if (!code) return <ErrorBlock status="default" title={t('h5.messages.noCode')} description={t('h5.join.badCode')} />;
  if (klass.loading && !klass.data) return <DotLoading />;
  if (!klass.data) return <ErrorBlock status="default" title={t('h5.join.badCode')} description="" />;

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
    <div data-testid="h5-messages">
      <H5NavBar onBack={back} right={unread.length > 0 ? <a onClick={() => void markRead(unread.map((m) => m.id))} data-testid="h5-messages-read-all">{t('h5.messages.readAll')}</a> : null}>
        {t('h5.messages.title')}
      </H5NavBar>
      <Card style={{ margin: 8 }}>
        <Space justify="between" style={{ width: '100%' }} align="center">
          <span>
            {klass.data.className} · <strong>{me?.name}</strong>
          </span>
          <a onClick={forget}>
            {t('h5.upload.changeName')}
          </a>
        </Space>
      </Card>
      <Tabs activeKey={tab} onChange={(k) => setTab(k as 'unread' | 'all')}>
        <Tabs.Tab key="unread" title={unread.length ? `${t('h5.messages.unread')} (${unread.length})` : t('h5.messages.unread')} />
        <Tabs.Tab key="all" title={t('h5.messages.all')} />
      </Tabs>
      {messages.loading && !messages.data ? (
        <DotLoading />
      ) : shown.length === 0 ? (
        <Empty description={t(tab === 'unread' ? 'h5.messages.noUnread' : 'h5.messages.none')} />
      ) : (
        shown.map((m) => (
          <Card
            key={m.id}
            data-testid="h5-message"
            data-kind={m.kind}
            style={{ margin: 8, opacity: m.isRead === 0 ? 1 : 0.75 }}
            title={
              <Space align="center">
                {m.isRead === 0 && <Badge content={Badge.dot} />}
                <Tag color={KIND_COLORS[m.kind]}>{t(`h5.messages.kind.${m.kind}`)}</Tag>
                <span style={{ fontSize: 14 }}>{m.taskTitle ?? ''}</span>
              </Space>
            }
            extra={<span style={{ fontSize: 12, color: '#666' }}>{m.time.slice(5, 16)}</span>}
          >
            <div style={{ whiteSpace: 'pre-wrap', lineHeight: 1.6 }}>{m.message}</div>
            <Space style={{ marginTop: 10, '--gap': '8px' }} wrap>
              {h5PathOf(m.link) && (
                <Button size="small" color="primary" onClick={() => void act(m)} data-testid="h5-message-action">
                  {m.kind === 'revision' ? t('h5.messages.uploadRevision') : t('h5.messages.open')}
                </Button>
              )}
              {m.isRead === 0 && (
                <Button size="small" fill="outline" onClick={() => void markRead([m.id])} data-testid="h5-message-read">
                  {t('h5.messages.markRead')}
                </Button>
              )}
            </Space>
          </Card>
        ))
      )}
    </div>
  );
}
