import { useState } from 'react';
// antd-mobile by path (the index's chunk carries ErrorBlock and Toast into the first load)
import Badge from 'antd-mobile/es/components/badge';
import Button from 'antd-mobile/es/components/button';
import Card from 'antd-mobile/es/components/card';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Empty from 'antd-mobile/es/components/empty';
import Space from 'antd-mobile/es/components/space';
import Tabs from 'antd-mobile/es/components/tabs';
import Tag from 'antd-mobile/es/components/tag';
import type { StudentMessage } from '../../core/api/contracts/student-messages';
import { useT } from '../../views/i18n/i18n-context';
import { monthDayTimeOfCst } from '../short-time';
import { h5PathOf, KIND_COLORS } from '../student-messages';
import { H5NavBar } from './H5NavBar';

interface Props {
  className: string;
  studentName: string | undefined;
  /** The student's notifications; null while they load the first time. */
  messages: StudentMessage[] | null;
  loading: boolean;
  onBack: () => void;
  /** "Change name": forget the student this phone speaks for. */
  onForget: () => void;
  markRead: (ids: number[]) => void;
  act: (m: StudentMessage) => void;
}

/**
 * The notifications of the student this phone speaks for: unread and all, each with its action. Its
 * own module, loaded once the student is known: its Tabs bring react-spring (≈ 15 kB br), which the
 * name list a phone sees first does not need (Lighthouse mobile).
 */
export function MessagesInbox({ className, studentName, messages, loading, onBack, onForget, markRead, act }: Props) {
  const t = useT();
  const [tab, setTab] = useState<'unread' | 'all'>('unread');
  const list = messages ?? [];
  const unread = list.filter((m) => m.isRead === 0);
  const shown = tab === 'unread' ? unread : list;

  return (
    <div data-testid="h5-messages">
      <H5NavBar onBack={onBack} right={unread.length > 0 ? <a onClick={() => markRead(unread.map((m) => m.id))} data-testid="h5-messages-read-all">{t('h5.messages.readAll')}</a> : null}>
        {t('h5.messages.title')}
      </H5NavBar>
      <Card style={{ margin: 8 }}>
        <Space justify="between" style={{ width: '100%' }} align="center">
          <span>
            {className} · <strong>{studentName}</strong>
          </span>
          <a onClick={onForget}>
            {t('h5.upload.changeName')}
          </a>
        </Space>
      </Card>
      <Tabs activeKey={tab} onChange={(k) => setTab(k as 'unread' | 'all')}>
        <Tabs.Tab key="unread" title={unread.length ? `${t('h5.messages.unread')} (${unread.length})` : t('h5.messages.unread')} />
        <Tabs.Tab key="all" title={t('h5.messages.all')} />
      </Tabs>
      {loading && !messages ? (
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
            extra={<span style={{ fontSize: 12, color: '#666' }}>{monthDayTimeOfCst(m.time)}</span>}
          >
            <div style={{ whiteSpace: 'pre-wrap', lineHeight: 1.6 }}>{m.message}</div>
            <Space style={{ marginTop: 10, '--gap': '8px' }} wrap>
              {h5PathOf(m.link) && (
                <Button size="small" color="primary" onClick={() => act(m)} data-testid="h5-message-action">
                  {m.kind === 'revision' ? t('h5.messages.uploadRevision') : t('h5.messages.open')}
                </Button>
              )}
              {m.isRead === 0 && (
                <Button size="small" fill="outline" onClick={() => markRead([m.id])} data-testid="h5-message-read">
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
