import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Input, Popover, Space, Tag, Tooltip, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { ReviewAnnotation } from '../../core/api/contracts/review';
import { useT } from '../i18n/i18n-context';
import { noteStyle } from './note-kinds';
import { readSelection } from './selection';
import { segmentTranscript, type TextRange } from './transcript-ranges';
import { applyFixes, FIX_PAUSE_MS, type PendingFixes } from './doubt-steps';
import { DoubtStepper } from './DoubtStepper';

export interface ShownNote {
  index: number;
  kind: string;
  start: number;
  end: number;
  message: string;
  fix?: string;
}

export interface TranscriptViewProps {
  text: string;
  notes: ShownNote[];
  annotations: ReviewAnnotation[];
  hiddenKinds: ReadonlySet<string>;
  /** 'n<i>' note, 'a<id>' annotation */
  active: string | null;
  /** an extra range to light up: an OCR line hovered on the image, or a score's evidence */
  lit: { start: number; end: number } | null;
  selection: { start: number; end: number } | null;
  corrected: boolean;
  canEdit: boolean;
  saving: boolean;
  onHover(id: string | null): void;
  onSelect(id: string): void;
  onSelection(range: { start: number; end: number } | null): void;
  onSaveTranscript(text: string): Promise<boolean>;
  /** characters the OCR read with doubt (offsets into text): dotted underline, other readings on hover */
  doubts?: ShownDoubt[];
  /** accept one of a doubtful character's other readings (one click); absent when the transcript is read-only */
  onAcceptReading?(doubt: ShownDoubt, text: string): void;
  /** save the transcript with the fixes made from the keyboard (DoubtStepper), once the teacher pauses */
  onFixReadings?(text: string): void;
}

export interface ShownDoubt {
  start: number;
  end: number;
  text: string;
  confidence: number;
  alternatives: Array<{ text: string; confidence: number }>;
}

/**
 * The transcript with the AI's notes and the teacher's annotations highlighted by their offsets.
 * Selecting text offers to annotate it; the edit mode corrects what the OCR read (the server then
 * re-runs the analysis on the corrected text).
 */
export function TranscriptView(props: TranscriptViewProps) {
  const t = useT();
  const box = useRef<HTMLDivElement | null>(null);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(props.text);
  useEffect(() => {
    if (!editing) setValue(props.text);
  }, [props.text, editing]);
  // keyboard fixes of doubtful characters: shown at once, saved together once the teacher pauses
  const [stepAt, setStepAt] = useState<number | null>(null);
  const [fixes, setFixes] = useState<PendingFixes>(new Map());
  const shownText = useMemo(() => applyFixes(props.text, fixes), [props.text, fixes]);
  useEffect(() => setFixes(new Map()), [props.text]);
  const { onFixReadings } = props;
  useEffect(() => {
    if (!fixes.size || !onFixReadings) return;
    const timer = setTimeout(() => onFixReadings(applyFixes(props.text, fixes)), FIX_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [fixes, props.text, onFixReadings]);
  const openDoubts = useMemo(() => (props.doubts ?? []).filter((d) => !fixes.has(d.start)), [props.doubts, fixes]);

  const kinds = useMemo(() => {
    const m = new Map<string, string>();
    for (const n of props.notes) m.set(`n${n.index}`, `zp-k-${n.kind}`);
    for (const a of props.annotations) m.set(`a${a.id}`, `zp-a-${a.kind}`);
    (props.doubts ?? []).forEach((_, i) => m.set(`d${i}`, 'zp-doubt'));
    m.set('lit', 'zp-lit');
    m.set('step', 'zp-doubt-step');
    m.set('fixed', 'zp-doubt-fixed');
    m.set('sel', 'zp-selected');
    return m;
  }, [props.notes, props.annotations, props.doubts]);

  const segments = useMemo(() => {
    const ranges: TextRange[] = [
      ...props.notes.filter((n) => !props.hiddenKinds.has(n.kind)).map((n) => ({ id: `n${n.index}`, start: n.start, end: n.end })),
      ...props.annotations.map((a) => ({ id: `a${a.id}`, start: a.start, end: a.end })),
      ...(props.doubts ?? []).flatMap((d, i) => (fixes.has(d.start) ? [] : [{ id: `d${i}`, start: d.start, end: d.end }])),
      ...[...fixes].map(([start, f]) => ({ id: 'fixed', start, end: f.end })),
      ...(props.lit ? [{ id: 'lit', ...props.lit }] : []),
      ...(props.selection ? [{ id: 'sel', ...props.selection }] : []),
      ...(stepAt !== null ? (props.doubts ?? []).filter((d) => d.start === stepAt).map((d) => ({ id: 'step', start: d.start, end: d.end })) : []),
    ];
    return segmentTranscript(shownText, ranges);
  }, [shownText, props.notes, props.annotations, props.doubts, props.hiddenKinds, props.lit, props.selection, fixes, stepAt]);

  const titles = useMemo(() => {
    const m = new Map<string, string>();
    for (const n of props.notes) m.set(`n${n.index}`, n.message);
    for (const a of props.annotations) m.set(`a${a.id}`, a.text);
    return m;
  }, [props.notes, props.annotations]);

  // Bring the active range into view inside the transcript box (not the page).
  useEffect(() => {
    const el = box.current;
    if (!el || !props.active) return;
    const first = el.querySelector<HTMLElement>(`[data-ids~="${props.active}"]`);
    if (!first) return;
    const top = first.offsetTop - el.offsetTop;
    if (top < el.scrollTop || top > el.scrollTop + el.clientHeight - 24) el.scrollTo({ top: Math.max(0, top - el.clientHeight / 3), behavior: 'smooth' });
  }, [props.active]);

  const innermost = (ids: string[]) => [...ids].reverse().find((id) => id.startsWith('n') || id.startsWith('a')) ?? null;

  const save = async () => {
    if (await props.onSaveTranscript(value)) setEditing(false);
  };

  return (
    <div className="zp-cp-transcript" data-testid="cp-transcript">
      <div className="zp-cp-section-bar">
        <Space size={6}>
          <Typography.Text strong>{t('panel.transcript')}</Typography.Text>
          {props.corrected && <Tag color="cyan">{t('panel.transcriptCorrected')}</Tag>}
        </Space>
        {props.canEdit && !editing && (
          <Tooltip title={t('panel.editTranscriptHint')}>
            <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="cp-edit-transcript">
              {t('panel.editTranscript')}
            </Button>
          </Tooltip>
        )}
      </div>
      {!editing && props.onFixReadings && openDoubts.length + fixes.size > 0 ? (
        <DoubtStepper doubts={openDoubts} at={stepAt} onAt={setStepAt} onFix={(d, text) => setFixes((m) => new Map(m).set(d.start, { end: d.end, text }))} />
      ) : null}
      {fixes.size ? (
        <Typography.Text type="secondary" className="zp-cp-hint" data-testid="cp-fixes-pending">
          {t('ocr.fixesPending', { count: fixes.size })}
        </Typography.Text>
      ) : null}
      {editing ? (
        <div className="zp-cp-transcript-edit">
          <Input.TextArea value={value} onChange={(e) => setValue(e.target.value)} autoSize={{ minRows: 8, maxRows: 24 }} data-testid="cp-transcript-input" aria-label={t('panel.transcript')} />
          <Space style={{ marginTop: 8 }}>
            <Button type="primary" size="small" loading={props.saving} disabled={!value.trim() || value === props.text} onClick={() => void save()} data-testid="cp-save-transcript">
              {t('panel.saveTranscript')}
            </Button>
            <Button size="small" onClick={() => setEditing(false)} disabled={props.saving}>
              {t('common.cancel')}
            </Button>
            <Typography.Text type="secondary" className="zp-cp-hint">
              {t('panel.saveTranscriptHint')}
            </Typography.Text>
          </Space>
        </div>
      ) : props.text ? (
        <div
          ref={box}
          className="zp-cp-text"
          tabIndex={0}
          role="region"
          aria-label={t('panel.transcript')}
          onMouseUp={() => box.current && props.onSelection(readSelection(box.current, props.text))}
          onMouseLeave={() => props.onHover(null)}
        >
          {segments.map((s) => {
            const cls = s.ids.map((id) => kinds.get(id) ?? '').join(' ');
            const active = props.active && s.ids.includes(props.active) ? ' is-active' : '';
            const target = innermost(s.ids);
            const doubtId = s.ids.find((id) => id.startsWith('d'));
            const doubt = doubtId ? props.doubts?.[Number(doubtId.slice(1))] : undefined;
            const span = (
              <span
                key={s.start}
                data-s={s.start}
                data-ids={s.ids.join(' ') || undefined}
                className={`${cls}${active}`.trim() || undefined}
                title={target ? titles.get(target) : undefined}
                onMouseEnter={target ? () => props.onHover(target) : undefined}
                onClick={target ? () => props.onSelect(target) : undefined}
              >
                {s.text}
              </span>
            );
            return doubt ? (
              <Popover key={s.start} content={<DoubtReadings doubt={doubt} onAccept={props.onAcceptReading} />} title={t('ocr.doubt', { confidence: Math.round(doubt.confidence * 100) })} mouseEnterDelay={0.15}>
                {span}
              </Popover>
            ) : (
              span
            );
          })}
        </div>
      ) : (
        <Typography.Text type="secondary">{t('panel.noTranscript')}</Typography.Text>
      )}
    </div>
  );
}

/** A doubtful character's other readings, best first; one click accepts one (when the transcript can be edited). */
function DoubtReadings({ doubt, onAccept }: { doubt: ShownDoubt; onAccept: ((d: ShownDoubt, text: string) => void) | undefined }) {
  const t = useT();
  if (!doubt.alternatives.length) return <Typography.Text type="secondary">{t('ocr.noAlternatives')}</Typography.Text>;
  return (
    <Space size={4} wrap data-testid="cp-doubt-readings">
      {doubt.alternatives.map((a) => (
        <Button key={a.text} size="small" disabled={!onAccept} onClick={() => onAccept?.(doubt, a.text)} title={t('ocr.accept', { text: a.text })} data-testid="cp-doubt-accept">
          {a.text} <Typography.Text type="secondary">{Math.round(a.confidence * 100)}%</Typography.Text>
        </Button>
      ))}
    </Space>
  );
}

/** The colour chip of a note kind, used in lists. */
export function KindTag({ kind }: { kind: string }) {
  const t = useT();
  const st = noteStyle(kind);
  return (
    <Tag color={st.color} className="zp-cp-kind" bordered={false}>
      {t(st.label)}
    </Tag>
  );
}
