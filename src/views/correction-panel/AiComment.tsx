import { Alert, Button, Collapse, Typography } from 'antd';
import { ImportOutlined } from '@ant-design/icons';
import type { ReviewWorkspace } from '../../core/api/contracts/review';
import { useT } from '../i18n/i18n-context';

type Result = NonNullable<ReviewWorkspace['correction']['result']>;

export interface AiCommentProps {
  result: Result | null;
  engine: string | null;
  readonly: boolean;
  /** copies an AI comment into the teacher comment */
  onUse(text: string): void;
  /** a paragraph comment hovered: light the paragraph in the transcript */
  onParagraph(range: { start: number; end: number } | null): void;
}

/** The AI's comment: overall, per scoring dimension and per paragraph; each can be taken into the teacher comment. */
export function AiComment({ result, engine, readonly, onUse, onParagraph }: AiCommentProps) {
  const t = useT();
  if (!result) return <Typography.Text type="secondary">{t('panel.noAiResult')}</Typography.Text>;
  const c = result.comments;
  const use = (text: string) =>
    !readonly && (
      <Button size="small" type="link" icon={<ImportOutlined />} onClick={() => onUse(text)} className="zp-cp-use">
        {t('panel.useComment')}
      </Button>
    );
  return (
    <div className="zp-cp-ai-comment" data-testid="cp-ai-comment">
      <div className="zp-cp-section-bar">
        <Typography.Text strong>{t('panel.aiComment')}</Typography.Text>
        {engine && (
          <Typography.Text type="secondary" className="zp-cp-hint">
            {engine.startsWith('model:') ? t('panel.engineModel', { model: engine.slice(6) }) : t('panel.engineLocal')}
          </Typography.Text>
        )}
      </div>
      {result.status !== 'scored' && result.message && <Alert type="warning" showIcon message={result.message} style={{ marginBottom: 8 }} />}
      {c.overall && (
        <div className="zp-cp-ai-overall">
          <Typography.Paragraph style={{ marginBottom: 0 }}>{c.overall}</Typography.Paragraph>
          {use(c.overall)}
        </div>
      )}
      {(c.dimensions.length > 0 || c.paragraphs.length > 0) && (
        <Collapse
          size="small"
          ghost
          items={[
            ...(c.dimensions.length
              ? [
                  {
                    key: 'dimensions',
                    label: t('panel.aiDimensionComments', { n: c.dimensions.length }),
                    children: (
                      <dl className="zp-cp-ai-list">
                        {c.dimensions.map((d) => (
                          <div key={d.id}>
                            <dt>{d.name}</dt>
                            <dd>
                              {d.text} {use(d.text)}
                            </dd>
                          </div>
                        ))}
                      </dl>
                    ),
                  },
                ]
              : []),
            ...(c.paragraphs.length
              ? [
                  {
                    key: 'paragraphs',
                    label: t('panel.aiParagraphComments', { n: c.paragraphs.length }),
                    children: (
                      <dl className="zp-cp-ai-list" onMouseLeave={() => onParagraph(null)}>
                        {c.paragraphs.map((p) => (
                          <div key={p.paragraph} onMouseEnter={() => onParagraph({ start: p.start, end: p.end })}>
                            <dt>{t('panel.paragraphN', { n: p.paragraph + 1 })}</dt>
                            <dd>
                              {p.text} {use(p.text)}
                            </dd>
                          </div>
                        ))}
                      </dl>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </div>
  );
}
