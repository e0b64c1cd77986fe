import { useEffect, useState } from 'react';
import { App, Button, Card, Checkbox, Empty, Select, Space } from 'antd';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import { useClassParam } from './use-class-param';

/** /class/bind: the textbooks a class uses (their units feed the topic cascade of assigned essays). */
export default function BindTextbookPage() {
  const t = useT();
  const { message } = App.useApp();
  const { classes: api } = useApp();
  const { classes, current, choose } = useClassParam();
  const all = useAsync(() => (current ? api.textbooks(current.grade) : Promise.resolve([])), [api, current]);
  const bound = useAsync(() => (current ? api.classTextbooks(current.id) : Promise.resolve([])), [api, current]);
  const [picked, setPicked] = useState<number[]>([]);
  useEffect(() => setPicked((bound.data ?? []).map((b) => b.id)), [bound.data]);

  if (!current) return <Card loading />;
  return (
    <Card
      title={
        <Space wrap>
          {t('bind.title')}
          <Select value={current.id} onChange={choose} style={{ minWidth: 180 }} options={classes.map((c) => ({ value: c.id, label: c.name }))} />
        </Space>
      }
      extra={
        current.canEdit && (
          <Button
            type="primary"
            onClick={async () => {
              await api.bindTextbooks(current.id, picked);
              void message.success(t('teaching.saved'));
              await bound.reload();
            }}
          >
            {t('common.save')}
          </Button>
        )
      }
      loading={all.loading}
    >
      {(all.data ?? []).length === 0 ? (
        <Empty />
      ) : (
        <Checkbox.Group value={picked} onChange={(v) => setPicked(v as number[])} disabled={!current.canEdit} style={{ display: 'grid', gap: 8 }}>
          {(all.data ?? []).map((b) => (
            <Checkbox key={b.id} value={b.id}>
              {b.name} · {b.publisher}
            </Checkbox>
          ))}
        </Checkbox.Group>
      )}
    </Card>
  );
}
