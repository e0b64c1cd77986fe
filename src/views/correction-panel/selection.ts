// Reading the teacher's text selection in the rendered transcript. Inside a widget the transcript
// lives in a shadow root, where document.getSelection() hides the nodes: Chromium offers
// ShadowRoot.getSelection(), newer browsers Selection.getComposedRanges(). Offsets are computed
// from the segment spans (data-s = the segment's start offset).
import { selectionRange } from './transcript-ranges';

interface Point {
  node: Node;
  offset: number;
}

function selectionPoints(container: HTMLElement): [Point, Point] | null {
  const root = container.getRootNode() as (ShadowRoot | Document) & { getSelection?: () => Selection | null };
  const own = typeof root.getSelection === 'function' ? root.getSelection() : null;
  const sel = own ?? document.getSelection();
  if (!sel || sel.rangeCount === 0 || sel.isCollapsed) return null;
  if (root instanceof ShadowRoot && !own) {
    const composed = (sel as Selection & { getComposedRanges?: (o: { shadowRoots: ShadowRoot[] }) => StaticRange[] }).getComposedRanges?.({ shadowRoots: [root] });
    const r = composed?.[0];
    return r ? [{ node: r.startContainer, offset: r.startOffset }, { node: r.endContainer, offset: r.endOffset }] : null;
  }
  if (!sel.anchorNode || !sel.focusNode) return null;
  return [{ node: sel.anchorNode, offset: sel.anchorOffset }, { node: sel.focusNode, offset: sel.focusOffset }];
}

function segmentPoint(container: HTMLElement, p: Point): { segmentStart: number; offset: number } | null {
  const node = p.node;
  const offset = p.offset;
  if (node.nodeType !== Node.TEXT_NODE) {
    // an element boundary: use the text at that child position
    const child = node.childNodes[Math.min(offset, node.childNodes.length - 1)];
    if (!child) return null;
    const span = (child.nodeType === Node.ELEMENT_NODE ? (child as Element) : child.parentElement)?.closest<HTMLElement>('[data-s]');
    if (!span) return null;
    return { segmentStart: Number(span.dataset.s), offset: offset >= node.childNodes.length ? (span.textContent ?? '').length : 0 };
  }
  const span = node.parentElement?.closest<HTMLElement>('[data-s]');
  if (!span || !container.contains(span)) return null;
  return { segmentStart: Number(span.dataset.s), offset };
}

/** The transcript range the teacher selected inside `container`, or null. */
export function readSelection(container: HTMLElement, text: string): { start: number; end: number } | null {
  const points = selectionPoints(container);
  if (!points) return null;
  const a = segmentPoint(container, points[0]);
  const b = segmentPoint(container, points[1]);
  if (!a || !b) return null;
  return selectionRange(text, a, b);
}

/** Clears the selection after it became an annotation. */
export function clearSelection(container: HTMLElement) {
  const root = container.getRootNode() as (ShadowRoot | Document) & { getSelection?: () => Selection | null };
  (root.getSelection?.() ?? document.getSelection())?.removeAllRanges();
}
