import { useState } from 'react';
// antd-mobile by path (the index's chunk carries ErrorBlock and Toast into the first load); ErrorBlock
// loads when shown.
import Button from 'antd-mobile/es/components/button';
import Card from 'antd-mobile/es/components/card';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Empty from 'antd-mobile/es/components/empty';
import Image from 'antd-mobile/es/components/image';
import List from 'antd-mobile/es/components/list';
import Space from 'antd-mobile/es/components/space';
import Tag from 'antd-mobile/es/components/tag';
import { H5NavBar } from './H5NavBar';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { gradeLabel } from '../../views/common/use-grade-options';
import { useAsync } from '../../views/hooks/use-async';
import { useLang, useT } from '../../views/i18n/i18n-context';
import { HighlightedEssay } from '../../views/samples/HighlightedEssay';
import { genreLabel } from '../../views/samples/labels';
import '../../views/samples/samples.css';
import type { RememberedStudent } from '../student-messages';
import { useH5 } from '../h5-context';
import { LazyErrorBlock } from './LazyErrorBlock';
import { StudentGate, useForgetOnWrongCode, useStudentIdentity } from './StudentGate';

/**
 * `/teaching/h5/samples?code=` (from the class page or a QR code): the published samples whose scope
 * reaches the class; `&id=` reads one with its original pages, highlights and comments — the server
 * answers those only for a sample published to this class (product-rules.md#states). A like is the pupil's
 * own: the first one asks for their name and code (学生码), remembered with the other class pages.
 */
export default function SamplesPage() {
  const t = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const { samples, practice } = useH5();
  const [params] = useSearchParams();
  const code = (params.get('code') ?? '').trim().toUpperCase();
  const id = Number(params.get('id')) || 0;
  const { who, remember, forget } = useStudentIdentity(code);
  // the name list for the code card, fetched only when a pupil not yet known taps like
  const [gate, setGate] = useState(false);
  const roster = useAsync(() => (gate && code ? practice.classView(code) : Promise.resolve(null)), [practice, gate, code]);
  const list = useAsync(() => (code && !id ? samples.list(code) : Promise.resolve(null)), [samples, code, id]);
  const detail = useAsync(() => (code && id ? samples.detail(code, id, who ?? undefined) : Promise.resolve(null)), [samples, code, id, who]);
  // A remembered code no longer accepted (the teacher reset it): ask for it again.
  useForgetOnWrongCode(detail.error, forget);

  if (!code) return <LazyErrorBlock status="default" title={t('h5.samples.noCode')} description="" />;
  const toList = () => navigate(`/samples?code=${encodeURIComponent(code)}`);

  if (id) {
    const s = detail.data;
    if (detail.loading && !s) return <DotLoading />;
    if (!s) return <LazyErrorBlock status="empty" title={t('h5.samples.none')} description="" />;
    const likeAs = async (pupil: RememberedStudent) => {
      await samples.like(code, s.id, pupil);
      await detail.reload();
    };
    const like = () => (who ? likeAs(who) : setGate(true));
    if (gate && !who) {
      // Like first, then remember the pupil: the detail reloads as them (and shows the like) once.
      const verified = async (pupil: RememberedStudent) => {
        await samples.like(code, s.id, pupil).finally(() => {
          remember(pupil);
          setGate(false);
        });
      };
      return <StudentGate classCode={code} title={t('h5.samples.title')} students={roster.data?.students ?? null} itemTestId="h5-samples-student" testId="h5-samples-who" onBack={() => setGate(false)} onVerified={(pupil) => void verified(pupil)} />;
    }
    const quote = (title: string, text: string, testid: string) =>
      text ? (
        <Card title={title} data-testid={testid} style={{ marginTop: 8 }}>
          <div style={{ whiteSpace: 'pre-wrap' }}>{text}</div>
        </Card>
      ) : null;
    return (
      <div data-testid="h5-sample-detail">
        <H5NavBar onBack={toList}>{t('h5.samples.title')}</H5NavBar>
        <div style={{ padding: 12 }}>
          <h2 style={{ margin: '4px 0 6px', fontSize: 20 }}>{s.title}</h2>
          <div style={{ color: '#666', fontSize: 13, marginBottom: 8 }}>
            {s.studentName} · {s.className}
          </div>
          <Space wrap style={{ marginBottom: 8 }}>
            <Tag color="primary" fill="outline">{gradeLabel(s.grade, lang)}</Tag>
            <Tag color="primary" fill="outline">{genreLabel(t, s.genre)}</Tag>
            {s.themes.map((th) => (
              <Tag key={th} color="danger" fill="outline">#{th}</Tag>
            ))}
          </Space>
          {s.abstract && <p style={{ color: '#666', fontSize: 14 }}>{s.abstract}</p>}
          <Card title={t('samples.transcript')}>
            <HighlightedEssay text={s.transcript} highlights={s.highlights} />
          </Card>
          {quote(t('samples.f.evaluation'), s.teacherEvaluation, 'h5-sample-evaluation')}
          {quote(t('samples.f.aiReview'), s.aiReview, 'h5-sample-ai-review')}
          {quote(t('samples.teacherComment'), s.teacherComment, 'h5-sample-comment')}
          <Card title={t('samples.original')} style={{ marginTop: 8 }} data-testid="h5-sample-pages">
            {s.pages.map((p) => (
              <img key={p.id} src={p.url} alt={`${s.title} ${p.pageNo}`} loading="lazy" style={{ display: 'block', width: '100%', marginBottom: 8, transform: p.rotation ? `rotate(${p.rotation}deg)` : undefined }} />
            ))}
          </Card>
          <Button block color="danger" fill={s.liked ? 'outline' : 'solid'} disabled={s.liked} style={{ marginTop: 12 }} onClick={() => void like()} data-testid="h5-sample-like">
            {s.liked ? t('samples.liked') : t('samples.like')} · {s.likeCount}
          </Button>
        </div>
      </div>
    );
  }

  if (list.loading && !list.data) return <DotLoading />;
  if (!list.data) return <LazyErrorBlock status="default" title={t('sample.classCodeWrong')} description="" />;
  return (
    <div data-testid="h5-samples">
      <H5NavBar onBack={() => navigate(`/join?code=${encodeURIComponent(code)}`)}>
        {list.data.className} · {t('h5.samples.title')}
      </H5NavBar>
      {list.data.list.length === 0 ? (
        <Empty description={t('h5.samples.none')} />
      ) : (
        <List>
          {list.data.list.map((s) => (
            <List.Item
              key={s.id}
              data-testid="h5-sample-item"
              prefix={s.coverUrl ? <Image src={s.coverUrl} width={56} height={72} fit="cover" style={{ borderRadius: 4 }} /> : undefined}
              description={`${s.studentName} · ${s.className} · ${genreLabel(t, s.genre)}`}
              extra={`♥ ${s.likeCount}`}
              onClick={() => navigate(`/samples?code=${encodeURIComponent(code)}&id=${s.id}`)}
            >
              {s.title}
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}
