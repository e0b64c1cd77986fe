import type { ReactNode } from 'react';
import type { SampleHighlight } from '../../core/api/contracts/samples';

/**
 * The essay's text in paragraphs with the teacher's highlighted passages marked (a note as the
 * mark's title). Plain elements, so the app and the H5 page show it alike.
 */
export function HighlightedEssay({ text, highlights, onSelect }: { text: string; highlights: SampleHighlight[]; onSelect?: (range: { start: number; end: number }) => void }) {
  const sorted = [...highlights].filter((h) => h.end > h.start).sort((a, b) => a.start - b.start);
  const parts: ReactNode[] = [];
  let at = 0;
  sorted.forEach((h, i) => {
    if (h.start < at) return; // overlapping passages: the first one wins
    if (h.start > at) parts.push(<span key={`t${i}`} data-offset={at}>{text.slice(at, h.start)}</span>);
    parts.push(
      <mark key={`h${i}`} className="zp-sample-mark" title={h.note || undefined} data-offset={h.start} data-testid="sample-highlight">
        {text.slice(h.start, h.end)}
      </mark>,
    );
    at = h.end;
  });
  if (at < text.length) parts.push(<span key="rest" data-offset={at}>{text.slice(at)}</span>);

  /** Offsets of the reader's selection inside the text (each span knows where it starts). */
  const select = () => {
    const sel = window.getSelection();
    if (!onSelect || !sel || sel.isCollapsed || !sel.anchorNode || !sel.focusNode) return;
    const offsetOf = (node: Node, off: number) => {
      const el = (node.nodeType === Node.TEXT_NODE ? node.parentElement : (node as Element))?.closest('[data-offset]');
      return el ? Number(el.getAttribute('data-offset')) + off : null;
    };
    const a = offsetOf(sel.anchorNode, sel.anchorOffset);
    const b = offsetOf(sel.focusNode, sel.focusOffset);
    if (a === null || b === null || a === b) return;
    onSelect({ start: Math.min(a, b), end: Math.max(a, b) });
  };

  return (
    <div className="zp-sample-essay" onMouseUp={select} onKeyUp={select} data-testid="sample-essay">
      {parts}
    </div>
  );
}
