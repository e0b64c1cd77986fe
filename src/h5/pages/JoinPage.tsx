import { useState } from 'react';
import { Button, Card, Empty, Form, Input, List, Tag } from 'antd-mobile';
import { H5NavBar } from './H5NavBar';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import dayjs from 'dayjs';
import type { z } from 'zod';
import type { h5Class } from '../../core/api/contracts/tasks';
import { ApiError } from '../../core/api/client';
import { useAsync } from '../../views/hooks/use-async';
import { useT } from '../../views/i18n/i18n-context';
import { useH5 } from '../h5-context';

type H5Class = z.infer<typeof h5Class>;

/** A wrong code reads as such; anything else (too many tries, offline) gives the server's own words. */
const joinError = (err: unknown, badCode: string) => (err instanceof ApiError && err.status !== 404 && err.message ? err.message : badCode);

/** `/teaching/h5/join?code=`: the class login QR code lands here and lists the released essay tasks. */
export default function JoinPage() {
  const t = useT();
  const navigate = useNavigate();
  const { tasks } = useH5();
  const [params, setParams] = useSearchParams();
  const code = params.get('code') ?? '';
  const [input, setInput] = useState(code);
  const klass = useAsync<H5Class | null>(() => (code ? tasks.h5Class(code) : Promise.resolve(null)), [tasks, code]);
  // The class login QR with lcwProgram=1 leads to the class's etiquette tests (spec §7).
  if (code && params.get('lcwProgram') === '1') return <Navigate to={`/lcw?code=${encodeURIComponent(code)}`} replace />;

  return (
    <div data-testid="h5-join">
      <H5NavBar
        right={
          klass.data ? (
            <>
              <a onClick={() => navigate(`/practice?code=${encodeURIComponent(code)}`)} data-testid="h5-open-practice" style={{ marginRight: 12 }}>
                {t('h5.practice.entry')}
              </a>
              <a onClick={() => navigate(`/samples?code=${encodeURIComponent(code)}`)} data-testid="h5-open-samples" style={{ marginRight: 12 }}>
                {t('h5.samples.entry')}
              </a>
              <a onClick={() => navigate(`/messages?code=${encodeURIComponent(code)}`)} data-testid="h5-open-messages">
                {t('h5.messages.title')}
              </a>
            </>
          ) : null
        }
      >
        {klass.data?.className ?? t('h5.join.title')}
      </H5NavBar>
      {!code || klass.error ? (
        <Form
          layout="horizontal"
          footer={
            <Button block color="primary" onClick={() => setParams({ code: input.trim().toUpperCase() })}>
              {t('h5.join.enter')}
            </Button>
          }
        >
          <Form.Item
            label={t('h5.join.code')}
            // Shown under the field: antd-mobile's `help` hides its text behind a ? icon, so a wrong code looked accepted.
            description={
              klass.error ? (
                <span role="alert" data-testid="h5-join-error" style={{ color: 'var(--adm-color-danger)' }}>
                  {joinError(klass.error, t('h5.join.badCode'))}
                </span>
              ) : undefined
            }
          >
            <Input value={input} onChange={setInput} clearable placeholder="ABCD2345" />
          </Form.Item>
        </Form>
      ) : klass.data && klass.data.tasks.length === 0 ? (
        <Empty description={t('h5.join.noTasks')} />
      ) : (
        <List header={klass.data?.schoolName}>
          {(klass.data?.tasks ?? []).map((task) => (
            <List.Item
              key={task.id}
              description={t('h5.task.deadline', { time: dayjs(task.deadline).format('MM-DD HH:mm') })}
              extra={<Tag color="primary">{t('h5.task.upload')}</Tag>}
              onClick={() => navigate(`/upload?taskId=${task.id}&classCode=${encodeURIComponent(code)}`)}
            >
              {task.title}
            </List.Item>
          ))}
        </List>
      )}
      {klass.loading && <Card>…</Card>}
    </div>
  );
}
