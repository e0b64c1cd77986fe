import { forwardRef, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Button, Segmented, Space, Switch, Tooltip, Typography } from 'antd';
import { ColumnWidthOutlined, RotateLeftOutlined, RotateRightOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import type { ReviewWorkspace } from '../../core/api/contracts/review';
import { useT } from '../i18n/i18n-context';
import { fitWidthZoom, imagePlacement, marksForPage, quarterTurn, stageLayout, stagePoint, stepZoom, type PageBox, type QuarterTurn } from './geometry';
import { NOTE_KINDS, noteStyle } from './note-kinds';
import type { LineRange } from './transcript-ranges';

type Page = ReviewWorkspace['essay']['pages'][number];
interface NoteLike {
  kind: string;
  message: string;
  fix?: string;
  boxes?: PageBox[];
}

export interface ImageViewerHandle {
  zoomIn(): void;
  zoomOut(): void;
  rotate(): void;
  nextPage(): void;
  previousPage(): void;
  /** switches to the page of a note and scrolls its first mark into view */
  showNote(index: number): void;
  showLine(line: LineRange): void;
}

export interface ImageViewerProps {
  pages: Page[];
  /** correction.result.pages: the size the OCR saw each page at */
  resultPages: readonly unknown[];
  notes: readonly NoteLike[];
  hiddenKinds: ReadonlySet<string>;
  active: number | null;
  lines: LineRange[] | null;
  activeLine: string | null;
  onHoverNote(index: number | null): void;
  onSelectNote(index: number): void;
  onHoverLine(id: string | null): void;
}

function sizeOf(resultPage: unknown): { width: number; height: number } | null {
  const p = resultPage as { width?: number; height?: number } | undefined;
  return p?.width && p?.height ? { width: p.width, height: p.height } : null;
}

/**
 * The essay's page images with zoom (buttons, Ctrl + wheel), a view-only quarter-turn, page switch,
 * and the AI's notes drawn at their boxes: boxes round wrong characters and punctuation, underlines
 * under good and long-winded sentences, the fix written above a wrong character. Hovering or
 * clicking a mark tells the panel, which highlights the note in the list and the transcript.
 */
export const ImageViewer = forwardRef<ImageViewerHandle, ImageViewerProps>(function ImageViewer(props, ref) {
  const t = useT();
  const { pages, notes } = props;
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState<number | null>(null);
  const [rotation, setRotation] = useState<QuarterTurn>(0);
  const [natural, setNatural] = useState<Record<number, { width: number; height: number }>>({});
  const [failed, setFailed] = useState<Record<number, boolean>>({});
  const [showLines, setShowLines] = useState(false);
  const [viewerWidth, setViewerWidth] = useState(0);
  const scroller = useRef<HTMLDivElement | null>(null);
  const pendingScroll = useRef<{ x: number; y: number } | null>(null);
  const drag = useRef<{ x: number; y: number; left: number; top: number; id: number } | null>(null);

  const pageIndex = Math.min(index, Math.max(0, pages.length - 1));
  const page = pages[pageIndex];
  const size = useMemo(() => {
    const fromOcr = sizeOf(props.resultPages[pageIndex]);
    if (fromOcr) return fromOcr;
    const n = page ? natural[page.id] : undefined;
    if (n) return n;
    if (page?.width && page.height) return quarterTurn(page.rotation) % 180 ? { width: page.height, height: page.width } : { width: page.width, height: page.height };
    return { width: 1240, height: 1754 };
  }, [props.resultPages, pageIndex, page, natural]);

  // Fit-width zoom follows the viewer's width (a ResizeObserver on the viewer only).
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setViewerWidth(el.clientWidth);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const fit = fitWidthZoom(viewerWidth - 24, size.width, size.height, rotation);
  const scale = zoom ?? fit;
  const stage = stageLayout(size.width, size.height, scale, rotation);

  // Ctrl + wheel zooms around the pointer; a native listener because React's wheel handler is passive.
  const zoomAt = useCallback(
    (direction: 1 | -1, clientX?: number, clientY?: number) => {
      const el = scroller.current;
      const before = zoom ?? fit;
      const after = stepZoom(before, direction);
      if (el && clientX !== undefined && clientY !== undefined) {
        const rect = el.getBoundingClientRect();
        const px = clientX - rect.left;
        const py = clientY - rect.top;
        const ratio = after / before;
        pendingScroll.current = { x: (el.scrollLeft + px) * ratio - px, y: (el.scrollTop + py) * ratio - py };
      }
      setZoom(after);
    },
    [zoom, fit],
  );
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      zoomAt(e.deltaY < 0 ? 1 : -1, e.clientX, e.clientY);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [zoomAt]);

  useLayoutEffect(() => {
    const el = scroller.current;
    const target = pendingScroll.current;
    if (!el || !target) return;
    pendingScroll.current = null;
    el.scrollLeft = Math.max(0, target.x);
    el.scrollTop = Math.max(0, target.y);
  });

  const centreOn = useCallback(
    (pageNo: number, box: { x: number; y: number; width: number; height: number }) => {
      const el = scroller.current;
      setIndex(pageNo);
      const dims = sizeOf(props.resultPages[pageNo]) ?? size;
      const s = zoom ?? fitWidthZoom(viewerWidth - 24, dims.width, dims.height, rotation);
      const p = stagePoint(box.x + box.width / 2, box.y + box.height / 2, dims.width, dims.height, s, rotation);
      if (el) pendingScroll.current = { x: p.x - el.clientWidth / 2, y: p.y - el.clientHeight / 2 };
    },
    [props.resultPages, size, zoom, viewerWidth, rotation],
  );

  useImperativeHandle(
    ref,
    () => ({
      zoomIn: () => zoomAt(1),
      zoomOut: () => zoomAt(-1),
      rotate: () => setRotation((r) => quarterTurn(r + 90)),
      nextPage: () => setIndex((i) => Math.min(pages.length - 1, i + 1)),
      previousPage: () => setIndex((i) => Math.max(0, i - 1)),
      showNote: (i) => {
        const first = notes[i]?.boxes?.[0];
        if (first) centreOn(first.page, first.box);
      },
      showLine: (line) => centreOn(line.page, line.box),
    }),
    [zoomAt, pages.length, notes, centreOn],
  );

  // Dragging the page pans it when it is larger than the viewer.
  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    const el = scroller.current;
    if (!el || e.button !== 0 || (e.target as Element).closest('[data-mark]')) return;
    drag.current = { x: e.clientX, y: e.clientY, left: el.scrollLeft, top: el.scrollTop, id: e.pointerId };
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const el = scroller.current;
    const d = drag.current;
    if (!el || !d || d.id !== e.pointerId) return;
    el.scrollLeft = d.left - (e.clientX - d.x);
    el.scrollTop = d.top - (e.clientY - d.y);
  };
  const endDrag = () => (drag.current = null);

  const visible = useMemo(() => notes.map((n) => (props.hiddenKinds.has(n.kind) ? { ...n, boxes: [] } : n)), [notes, props.hiddenKinds]);
  const marks = useMemo(() => marksForPage(visible, pageIndex, size), [visible, pageIndex, size]);
  const lineMarks = showLines && props.lines ? props.lines.filter((l) => l.page === pageIndex) : [];
  const stroke = 2.2 / scale;
  const placement = imagePlacement(size.width, size.height, page?.rotation ?? 0);
  const usedKinds = NOTE_KINDS.filter((k) => notes.some((n) => n.kind === k));

  if (!page) return <div className="zp-cp-viewer zp-cp-viewer-empty">{t('panel.noImage')}</div>;
  return (
    <div className="zp-cp-viewer" data-testid="cp-viewer">
      <div className="zp-cp-viewer-bar">
        <Space size={4} wrap>
          {pages.length > 1 && (
            <Segmented
              size="small"
              value={pageIndex}
              onChange={(v) => setIndex(Number(v))}
              options={pages.map((p, i) => ({ value: i, label: t('panel.pageN', { n: i + 1 }) }))}
              data-testid="cp-pages"
            />
          )}
          <Tooltip title={t('panel.zoomOut')}>
            <Button size="small" icon={<ZoomOutOutlined />} aria-label={t('panel.zoomOut')} onClick={() => zoomAt(-1)} />
          </Tooltip>
          <Typography.Text className="zp-cp-zoom" data-testid="cp-zoom">{Math.round(scale * 100)}%</Typography.Text>
          <Tooltip title={t('panel.zoomIn')}>
            <Button size="small" icon={<ZoomInOutlined />} aria-label={t('panel.zoomIn')} onClick={() => zoomAt(1)} />
          </Tooltip>
          <Tooltip title={t('panel.fitWidth')}>
            <Button size="small" icon={<ColumnWidthOutlined />} aria-label={t('panel.fitWidth')} type={zoom === null ? 'primary' : 'default'} ghost={zoom === null} onClick={() => setZoom(null)} />
          </Tooltip>
          <Tooltip title={t('panel.rotateLeft')}>
            <Button size="small" icon={<RotateLeftOutlined />} aria-label={t('panel.rotateLeft')} onClick={() => setRotation((r) => quarterTurn(r - 90))} />
          </Tooltip>
          <Tooltip title={t('panel.rotateRight')}>
            <Button size="small" icon={<RotateRightOutlined />} aria-label={t('panel.rotateRight')} onClick={() => setRotation((r) => quarterTurn(r + 90))} />
          </Tooltip>
          {props.lines && (
            <span className="zp-cp-lines-toggle">
              <Switch size="small" checked={showLines} onChange={setShowLines} aria-label={t('panel.showLines')} /> {t('panel.showLines')}
            </span>
          )}
        </Space>
        <div className="zp-cp-legend">
          {usedKinds.map((k) => (
            <span key={k} className="zp-cp-legend-item">
              <i style={{ borderColor: noteStyle(k).color, background: noteStyle(k).mark === 'box' ? 'transparent' : `${noteStyle(k).color}26` }} />
              {t(noteStyle(k).label)}
            </span>
          ))}
        </div>
      </div>
      <div
        className="zp-cp-viewer-scroll"
        ref={scroller}
        // focusable so the page image scrolls with the keyboard (axe: scrollable-region-focusable)
        tabIndex={0}
        role="region"
        aria-label={t('panel.imageRegion')}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerLeave={endDrag}
        onPointerCancel={endDrag}
      >
        <div className="zp-cp-stage" style={{ width: stage.width, height: stage.height }}>
          <div className="zp-cp-page" style={{ width: size.width, height: size.height, transform: stage.transform }}>
            {failed[page.id] ? (
              <div className="zp-cp-image-failed">{t('panel.imageFailed')}</div>
            ) : (
              <img
                src={page.url}
                alt={t('panel.pageN', { n: pageIndex + 1 })}
                draggable={false}
                data-testid="cp-image"
                // the OCR read the file with its EXIF orientation applied (then turned by the page's rotation)
                style={{ ...placement, position: 'absolute', imageOrientation: 'from-image' }}
                onLoad={(e) => {
                  const img = e.currentTarget;
                  setNatural((n) => ({ ...n, [page.id]: quarterTurn(page.rotation) % 180 ? { width: img.naturalHeight, height: img.naturalWidth } : { width: img.naturalWidth, height: img.naturalHeight } }));
                }}
                onError={() => setFailed((f) => ({ ...f, [page.id]: true }))}
              />
            )}
            <svg className="zp-cp-marks" width={size.width} height={size.height} viewBox={`0 0 ${size.width} ${size.height}`}>
              {lineMarks.map((l) => (
                <rect
                  key={l.id}
                  className={`zp-cp-line${props.activeLine === l.id ? ' is-active' : ''}`}
                  x={l.box.x - 3}
                  y={l.box.y - 3}
                  width={l.box.width + 6}
                  height={l.box.height + 6}
                  strokeWidth={stroke * 0.6}
                  data-mark="line"
                  onMouseEnter={() => props.onHoverLine(l.id)}
                  onMouseLeave={() => props.onHoverLine(null)}
                />
              ))}
              {marks.map((m, i) => {
                const st = noteStyle(m.kind);
                const on = props.active === m.note;
                const note = notes[m.note]!;
                const fill = st.mark === 'underline' ? `${st.color}${on ? '40' : '14'}` : on ? `${st.color}33` : 'transparent';
                return (
                  <g
                    key={`${m.note}-${i}`}
                    className={`zp-cp-mark${on ? ' is-active' : ''}`}
                    data-mark={m.kind}
                    data-note={m.note}
                    data-testid="cp-mark"
                    onMouseEnter={() => props.onHoverNote(m.note)}
                    onMouseLeave={() => props.onHoverNote(null)}
                    onClick={() => props.onSelectNote(m.note)}
                  >
                    <title>{note.message}</title>
                    <rect x={m.x} y={m.y} width={m.width} height={m.height} rx={st.mark === 'box' ? 6 : 2} fill={fill} stroke={st.mark === 'box' ? st.color : 'none'} strokeWidth={stroke * (on ? 1.8 : 1)} />
                    {st.mark === 'underline' && (
                      <line x1={m.x} x2={m.x + m.width} y1={m.y + m.height} y2={m.y + m.height} stroke={st.color} strokeWidth={stroke * (on ? 2.2 : 1.4)} strokeDasharray={st.dashed ? `${8 / scale} ${5 / scale}` : undefined} />
                    )}
                    {m.first && note.fix && m.kind !== 'goodSentence' && (
                      <text x={m.x + m.width / 2} y={m.y - 4} textAnchor="middle" fontSize={Math.max(m.height * 0.55, 13 / scale)} fill={st.color} stroke="#fff" strokeWidth={3 / scale} paintOrder="stroke" className="zp-cp-fix">
                        {note.fix}
                      </text>
                    )}
                  </g>
                );
              })}
            </svg>
          </div>
        </div>
      </div>
    </div>
  );
});
