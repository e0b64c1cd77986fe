import { useEffect, useState } from 'react';
import { Button, Input, Segmented, Tag, Typography } from 'antd';
import { BookOutlined, CloseOutlined, DeleteOutlined, RiseOutlined } from '@ant-design/icons';
import type { ReviewAnnotation } from '../../core/api/contracts/review';
import { useT } from '../i18n/i18n-context';
import { ANNOTATION_STYLES } from './note-kinds';

type Kind = ReviewAnnotation['kind'];

export interface SentenceSelection {
  start: number;
  end: number;
  excerpt: string;
}

/** The bar under the transcript while text is selected: annotate it with typed text or a library comment. */
export function SelectionBar(props: { selection: SentenceSelection; onAdd(kind: Kind, text: string): void; onLibrary(): void; onUpgrade?(): void; onCancel(): void }) {
  const t = useT();
  const [kind, setKind] = useState<Kind>('comment');
  const [text, setText] = useState('');
  useEffect(() => setText(''), [props.selection.start, props.selection.end]);
  const add = () => {
    if (!text.trim()) return;
    props.onAdd(kind, text.trim());
    setText('');
  };
  return (
    <div className="zp-cp-selection" data-testid="cp-selection-bar">
      <div className="zp-cp-selection-head">
        <Typography.Text type="secondary">{t('panel.selected')}</Typography.Text>
        <Typography.Text className="zp-cp-excerpt" ellipsis>
          “{props.selection.excerpt}”
        </Typography.Text>
        <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t('common.cancel')} onClick={props.onCancel} />
      </div>
      <Segmented<Kind>
        size="small"
        value={kind}
        onChange={setKind}
        options={(['comment', 'good', 'fix'] as const).map((k) => ({ value: k, label: t(ANNOTATION_STYLES[k].label) }))}
      />
      <div className="zp-cp-selection-input">
        <Input
          size="small"
          value={text}
          maxLength={500}
          placeholder={t('panel.annotationPlaceholder')}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={add}
          aria-label={t('panel.annotationPlaceholder')}
          data-testid="cp-annotation-input"
        />
        <Button size="small" type="primary" disabled={!text.trim()} onClick={add} data-testid="cp-annotation-add">
          {t('panel.addAnnotation')}
        </Button>
        <Button size="small" icon={<BookOutlined />} onClick={props.onLibrary} data-testid="cp-annotation-library">
          {t('panel.fromLibrary')}
        </Button>
        {props.onUpgrade && (
          <Button size="small" icon={<RiseOutlined />} onClick={props.onUpgrade} data-testid="cp-upgrade-open">
            {t('panel.upgrade')}
          </Button>
        )}
      </div>
    </div>
  );
}

/** The teacher's sentence annotations; hovering one lights its sentence in the transcript. */
export function AnnotationList(props: { annotations: ReviewAnnotation[]; active: string | null; readonly: boolean; onHover(id: string | null): void; onSelect(id: string): void; onRemove(id: string): void }) {
  const t = useT();
  return (
    <div className="zp-cp-annotations" data-testid="cp-annotations">
      <div className="zp-cp-section-bar">
        <Typography.Text strong>{t('panel.annotations', { n: props.annotations.length })}</Typography.Text>
      </div>
      {props.annotations.length === 0 ? (
        <Typography.Text type="secondary" className="zp-cp-hint">
          {props.readonly ? t('panel.noAnnotations') : t('panel.annotationHint')}
        </Typography.Text>
      ) : (
        <div onMouseLeave={() => props.onHover(null)}>
          {props.annotations.map((a) => {
            const id = `a${a.id}`;
            const st = ANNOTATION_STYLES[a.kind];
            return (
              <div
                key={a.id}
                className={`zp-cp-annotation${props.active === id ? ' is-active' : ''}`}
                style={{ borderLeftColor: st.color }}
                onMouseEnter={() => props.onHover(id)}
                onClick={() => props.onSelect(id)}
                data-testid="cp-annotation"
              >
                <div className="zp-cp-annotation-head">
                  <Tag color={st.color} bordered={false}>
                    {t(st.label)}
                  </Tag>
                  <Typography.Text type="secondary" ellipsis className="zp-cp-excerpt">
                    “{a.excerpt}”
                  </Typography.Text>
                  {!props.readonly && (
                    <Button
                      size="small"
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('panel.removeAnnotation')}
                      onClick={(e) => {
                        e.stopPropagation();
                        props.onRemove(a.id);
                      }}
                    />
                  )}
                </div>
                <div className="zp-cp-annotation-text">{a.text}</div>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
