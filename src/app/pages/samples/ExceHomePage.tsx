import { useState } from 'react';
import { App, Button, Card, Select, Space, Tag, Typography } from 'antd';
import { QrcodeOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../../views/common/EmptyState';
import { QrCodeCard } from '../../../views/common/QrCodeCard';
import { gradeLabel } from '../../../views/common/use-grade-options';
import { useAsync } from '../../../views/hooks/use-async';
import { useLang, useT } from '../../../views/i18n/i18n-context';
import { SampleCard } from '../../../views/samples/SampleCard';
import { genreLabel } from '../../../views/samples/labels';
import { useApp } from '../../app-context';
import { GradeGenreSelects } from './SampleFilters';
import { SamplesNav } from './SamplesNav';
import { useSamplesApi } from './use-samples';

/** A class picker and the QR code of its H5 sample page (students and parents scan it). */
function ClassQrPicker({ classes }: { classes: { id: number; name: string; classCode: string }[] }) {
  const t = useT();
  const [id, setId] = useState(classes[0]?.id);
  const chosen = classes.find((c) => c.id === id);
  return (
    <Space direction="vertical">
      <Select style={{ width: 200 }} value={id} options={classes.map((c) => ({ value: c.id, label: c.name }))} onChange={setId} />
      {chosen && <QrCodeCard value={`${window.location.origin}/teaching/h5/samples?code=${chosen.classCode}`} title={chosen.name} description={t('samples.qrHint')} />}
    </Space>
  );
}

/** /excellentArticle/exceHome: featured and latest published samples, by grade and genre, and the students' QR code. */
export default function ExceHomePage() {
  const t = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const { classes } = useApp();
  const api = useSamplesApi();
  const [f, setF] = useState<{ grade?: number; genre?: string }>({});
  const home = useAsync(() => api.home(f), [api, f]);
  const open = (id: number) => navigate(`/excellentArticle/detail?id=${id}`);

  const showQr = async () => {
    const mine = (await classes.list({ pageSize: 100 })).list.map((c) => ({ id: c.id, name: c.name, classCode: c.classCode }));
    modal.info({ title: t('samples.qrTitle'), icon: null, okText: t('common.ok'), content: <ClassQrPicker classes={mine} /> });
  };

  const data = home.data;
  return (
    <div data-testid="samples-home">
      <SamplesNav />
      <Space wrap style={{ marginBottom: 16 }}>
        <GradeGenreSelects grade={f.grade} genre={f.genre} onChange={setF} />
        <Button onClick={() => navigate('/excellentArticle/list')}>{t('samples.more')}</Button>
        <Button icon={<QrcodeOutlined />} onClick={() => void showQr()} data-testid="samples-qr">
          {t('samples.qrTitle')}
        </Button>
      </Space>
      {data && (
        <Space wrap size={[4, 8]} style={{ marginBottom: 16 }}>
          {data.grades.map((g) => (
            <Tag.CheckableTag key={`g${g.grade}`} checked={f.grade === g.grade} onChange={(on) => setF({ ...f, grade: on ? g.grade : undefined })}>
              {gradeLabel(g.grade, lang)} {g.count}
            </Tag.CheckableTag>
          ))}
          {data.genres.map((g) => (
            <Tag.CheckableTag key={`n${g.genre}`} checked={f.genre === g.genre} onChange={(on) => setF({ ...f, genre: on ? g.genre : undefined })}>
              {genreLabel(t, g.genre)} {g.count}
            </Tag.CheckableTag>
          ))}
        </Space>
      )}
      {data && data.featured.length > 0 && (
        <Card title={t('samples.featured')} size="small" style={{ marginBottom: 16 }}>
          <div className="zp-sample-grid">{data.featured.map((s) => <SampleCard key={s.id} sample={s} onOpen={open} />)}</div>
        </Card>
      )}
      <Card title={t('samples.latest')} size="small" loading={home.loading && !data}>
        {data && data.latest.length === 0 ? (
          <EmptyState text={t('samples.empty')} />
        ) : (
          <div className="zp-sample-grid" data-testid="samples-latest">{data?.latest.map((s) => <SampleCard key={s.id} sample={s} onOpen={open} />)}</div>
        )}
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }}>
          {t('samples.qrHint')}
        </Typography.Paragraph>
      </Card>
    </div>
  );
}
