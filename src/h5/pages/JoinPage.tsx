import { lazy, Suspense } from 'react';
// antd-mobile by path: the index's chunk carries ErrorBlock and Toast into the first load
import Card from 'antd-mobile/es/components/card';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Empty from 'antd-mobile/es/components/empty';
import List from 'antd-mobile/es/components/list';
import Tag from 'antd-mobile/es/components/tag';
import { H5NavBar } from './H5NavBar';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import type { h5Class } from '../../core/api/contracts/tasks';
import { h5UploadRoute } from '../../core/domain/h5-links';
import { useAsync } from '../../views/hooks/use-async';
import { useT } from '../../views/i18n/i18n-context';
import { useH5 } from '../h5-context';
import { monthDayTime } from '../short-time';

// the code form (antd-mobile's Form and Input) only when there is no code or a wrong one
const JoinCodeForm = lazy(() => import('./JoinCodeForm').then((m) => ({ default: m.JoinCodeForm })));

type H5Class = z.infer<typeof h5Class>;

/** `/teaching/h5/join?code=`: the class login QR code lands here and lists the released essay tasks. */
export default function JoinPage() {
  const t = useT();
  const navigate = useNavigate();
  const { tasks } = useH5();
  const [params, setParams] = useSearchParams();
  const code = params.get('code') ?? '';
  const klass = useAsync<H5Class | null>(() => (code ? tasks.h5Class(code) : Promise.resolve(null)), [tasks, code]);
  // The class login QR with lcwProgram=1 leads to the class's etiquette tests (product-rules.md#api).
  if (code && params.get('lcwProgram') === '1') return <Navigate to={`/lcw?code=${encodeURIComponent(code)}`} replace />;

  return (
    <div data-testid="h5-join">
      <H5NavBar>{klass.data?.className ?? t('h5.join.title')}</H5NavBar>
      {klass.data && (
        // Under the title, not in the bar's right slot: three entries there squeezed the class name on a phone.
        <nav className="zp-h5-entries" aria-label={t('h5.join.entries')}>
          <Link to={`/practice?code=${encodeURIComponent(code)}`} data-testid="h5-open-practice">
            {t('h5.practice.entry')}
          </Link>
          <Link to={`/samples?code=${encodeURIComponent(code)}`} data-testid="h5-open-samples">
            {t('h5.samples.entry')}
          </Link>
          <Link to={`/messages?code=${encodeURIComponent(code)}`} data-testid="h5-open-messages">
            {t('h5.messages.title')}
          </Link>
        </nav>
      )}
      {!code || klass.error ? (
        <Suspense fallback={<DotLoading />}>
          <JoinCodeForm code={code} error={klass.error} onEnter={(next) => setParams({ code: next })} />
        </Suspense>
      ) : klass.data && klass.data.tasks.length === 0 ? (
        <Empty description={t('h5.join.noTasks')} />
      ) : (
        <List header={klass.data?.schoolName}>
          {(klass.data?.tasks ?? []).map((task) => (
            <List.Item
              key={task.id}
              description={t('h5.task.deadline', { time: monthDayTime(task.deadline) })}
              extra={<Tag color="primary">{t('h5.task.upload')}</Tag>}
              onClick={() => navigate(h5UploadRoute({ taskId: task.id, classCode: code }))}
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
