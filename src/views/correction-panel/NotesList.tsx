import { useEffect, useRef } from 'react';
import { Checkbox, Empty, Typography } from 'antd';
import { useT } from '../i18n/i18n-context';
import { NOTE_KINDS, noteStyle } from './note-kinds';
import { KindTag, type ShownNote } from './TranscriptView';

export interface NotesListProps {
  notes: ShownNote[];
  /** notes the panel could not place in the transcript shown (text changed since) */
  unplaced: number;
  hiddenKinds: ReadonlySet<string>;
  active: string | null;
  onToggleKind(kind: string, shown: boolean): void;
  onHover(id: string | null): void;
  onSelect(id: string): void;
}

/** The AI's notes, filterable by kind; hovering or clicking one lights it on the image and in the transcript. */
export function NotesList(props: NotesListProps) {
  const t = useT();
  const list = useRef<HTMLDivElement | null>(null);
  const counts = new Map<string, number>();
  for (const n of props.notes) counts.set(n.kind, (counts.get(n.kind) ?? 0) + 1);
  const kinds = [...NOTE_KINDS.filter((k) => counts.has(k)), ...[...counts.keys()].filter((k) => !(NOTE_KINDS as readonly string[]).includes(k))];
  const shown = props.notes.filter((n) => !props.hiddenKinds.has(n.kind));

  useEffect(() => {
    const el = list.current;
    if (!el || !props.active?.startsWith('n')) return;
    const item = el.querySelector<HTMLElement>(`[data-id="${props.active}"]`);
    if (!item) return;
    const top = item.offsetTop - el.offsetTop;
    if (top < el.scrollTop || top > el.scrollTop + el.clientHeight - 32) el.scrollTo({ top: Math.max(0, top - 8), behavior: 'smooth' });
  }, [props.active]);

  return (
    <div className="zp-cp-notes" data-testid="cp-notes">
      <div className="zp-cp-section-bar">
        <Typography.Text strong>{t('panel.notes', { n: props.notes.length })}</Typography.Text>
        <div className="zp-cp-kind-filter">
          {kinds.map((k) => (
            <Checkbox key={k} checked={!props.hiddenKinds.has(k)} onChange={(e) => props.onToggleKind(k, e.target.checked)}>
              <span style={{ color: noteStyle(k).color }}>{t(noteStyle(k).label)}</span> {counts.get(k)}
            </Checkbox>
          ))}
        </div>
      </div>
      {props.unplaced > 0 && (
        <Typography.Text type="secondary" className="zp-cp-hint">
          {t('panel.notesUnplaced', { n: props.unplaced })}
        </Typography.Text>
      )}
      {shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('panel.noNotes')} />
      ) : (
        <div className="zp-cp-note-list" ref={list} onMouseLeave={() => props.onHover(null)}>
          {shown.map((n) => {
            const id = `n${n.index}`;
            return (
              <button
                type="button"
                key={id}
                data-id={id}
                data-testid="cp-note"
                className={`zp-cp-note${props.active === id ? ' is-active' : ''}`}
                style={{ borderLeftColor: noteStyle(n.kind).color }}
                onMouseEnter={() => props.onHover(id)}
                onClick={() => props.onSelect(id)}
              >
                <KindTag kind={n.kind} />
                <span className="zp-cp-note-text">{n.message}</span>
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
