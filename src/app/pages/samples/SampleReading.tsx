import { Card, Col, Row, Space, Tag, Typography } from 'antd';
import type { SampleDetail } from '../../../core/api/contracts/samples';
import { PageImage } from '../../../views/common/PageImage';
import { gradeLabel } from '../../../views/common/use-grade-options';
import { useLang, useT } from '../../../views/i18n/i18n-context';
import { HighlightedEssay } from '../../../views/samples/HighlightedEssay';
import { genreLabel } from '../../../views/samples/labels';

/** A sample to read: the essay with its highlights beside the original pages, then the reviews. */
export function SampleReading({ sample, extra }: { sample: SampleDetail; extra?: React.ReactNode }) {
  const t = useT();
  const lang = useLang();
  const quote = (title: string, text: string, testid: string) =>
    text ? (
      <div data-testid={testid}>
        <div className="zp-sample-section-title">{title}</div>
        <div className="zp-sample-quote">{text}</div>
      </div>
    ) : null;
  return (
    <Card data-testid="sample-detail" data-status={sample.status}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {sample.title}
      </Typography.Title>
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">
          {sample.studentName} · {sample.className} · {t('samples.task')}：{sample.taskTitle}
          {sample.teacherScore ? ` · ${t('samples.score')}：${sample.teacherScore}` : ''}
        </Typography.Text>
      </Space>
      <Space wrap size={4} style={{ marginBottom: 16 }}>
        <Tag color={sample.status === 'published' ? 'green' : sample.status === 'checking' ? 'blue' : 'orange'} data-testid="sample-status">
          {t(`sample.status.${sample.status}`)}
        </Tag>
        <Tag>{gradeLabel(sample.grade, lang)}</Tag>
        <Tag>{genreLabel(t, sample.genre)}</Tag>
        <Tag>
          {t('samples.scopeLabel')}：{t(`samples.scope.${sample.scope}`)}
        </Tag>
        {sample.themes.map((th) => (
          <Tag key={th} color="red" bordered={false}>
            #{th}
          </Tag>
        ))}
        {extra}
      </Space>
      {sample.abstract && <Typography.Paragraph type="secondary">{sample.abstract}</Typography.Paragraph>}
      <Row gutter={24}>
        <Col xs={24} lg={14}>
          <div className="zp-sample-section-title">{t('samples.transcript')}</div>
          <HighlightedEssay text={sample.transcript} highlights={sample.highlights} />
          {sample.highlights.some((h) => h.note) && (
            <ul style={{ marginTop: 8, paddingLeft: 18 }}>
              {sample.highlights.filter((h) => h.note).map((h, i) => (
                <li key={i}>
                  <mark className="zp-sample-mark">{h.excerpt.slice(0, 24)}</mark> — {h.note}
                </li>
              ))}
            </ul>
          )}
          {quote(t('samples.f.evaluation'), sample.teacherEvaluation, 'sample-evaluation')}
          {quote(t('samples.f.aiReview'), sample.aiReview, 'sample-ai-review')}
          {quote(t('samples.teacherComment'), sample.teacherComment, 'sample-teacher-comment')}
          {quote(t('samples.reasonLabel'), sample.reason, 'sample-reason')}
        </Col>
        <Col xs={24} lg={10}>
          <div className="zp-sample-section-title">{t('samples.original')}</div>
          <div className="zp-sample-pages" data-testid="sample-pages">
            {sample.pages.map((p) => (
              <PageImage key={p.id} src={p.url} rotation={p.rotation} width={160} height={220} alt={`${sample.title} ${p.pageNo}`} />
            ))}
          </div>
        </Col>
      </Row>
    </Card>
  );
}
