// The class report as PDF (simple: overview, bands, distribution, dimensions, common problems; full:
// also attention, comparison, the student table and one page per student with the essay image).
import * as mupdf from 'mupdf';
import type { ClassReport } from '../../../core/api/contracts/class-report';
import { translate, type Lang, type MessageKey } from '../../../core/i18n';
import { PAGE, PdfCanvas, type Rgb } from './pdf-canvas';

const RED: Rgb = [0.76, 0.1, 0.22];
const GREY: Rgb = [0.4, 0.4, 0.4];
const LIGHT: Rgb = [0.93, 0.93, 0.93];
const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : String(Math.round(v * 10) / 10));

export interface ReportPdfInput {
  report: ClassReport;
  lang: Lang;
  /** the font file (sfnt) */
  font: Uint8Array;
  /** JPEG page images per essay id (full report) */
  images: Record<number, Uint8Array[]>;
}

/** mupdf's font object per font file: parsing the 2.5 MB file costs 20–45 ms a report. */
const fonts = new WeakMap<Uint8Array, mupdf.Font>();
export function fontOf(file: Uint8Array): mupdf.Font {
  let f = fonts.get(file);
  if (!f) fonts.set(file, (f = new mupdf.Font('NotoSansSC', file)));
  return f;
}

export function renderReportPdf(input: ReportPdfInput): Uint8Array {
  const { report: r, lang } = input;
  const t = (key: string, p?: Record<string, string | number>) => translate(lang, key as MessageKey, p);
  const c = new PdfCanvas(fontOf(input.font));
  const W = PAGE.width - 2 * PAGE.margin;
  const L = PAGE.margin;
  const heading = (text: string) => {
    c.ensure(40);
    c.y += 6;
    c.box(L, c.y + 2, 3, 14, RED);
    c.text(text, L + 8, c.y, { size: 13 });
    c.y += 24;
  };

  c.newPage();
  c.text(t('report.title'), L, c.y, { size: 20, color: RED });
  c.y += 30;
  c.text(`${r.task.title} · ${r.class.name}`, L, c.y, { size: 12 });
  c.y += 18;
  c.text(t('report.onlyApproved'), L, c.y, { size: 9, color: GREY });
  c.y += 20;

  const o = r.overview;
  if (o) {
    heading(t('report.section.overview'));
    const figures: [string, string][] = [
      [t('report.students'), String(o.students)],
      [t('report.submitted'), String(o.submitted)],
      [t('report.approved'), String(o.approved)],
      // the same summary as the screen: letters counted, or points (core/scoring/score-summary.ts)
      ...(o.summary.kind === 'levels'
        ? [...o.summary.levels.map((l): [string, string] => [t('report.levelCount', { label: l.label }), String(l.count)]), [t('report.median'), o.summary.median ?? '—'] as [string, string]]
        : ([
            [t('report.average'), o.summary.average === null ? '—' : `${o.summary.average}/${o.summary.fullMark ?? 100}`],
            [t('report.highest'), o.summary.highest === null ? '—' : String(o.summary.highest)],
            [t('report.lowest'), o.summary.lowest === null ? '—' : String(o.summary.lowest)],
          ] as [string, string][])),
      [t('report.averageWords'), o.averageWords === null ? '—' : String(o.averageWords)],
    ];
    const cw = W / figures.length;
    figures.forEach(([k, v], i) => {
      c.text(k, L + i * cw, c.y, { size: 8, color: GREY, width: cw - 4 });
      c.text(v, L + i * cw, c.y + 14, { size: 16 });
    });
    c.y += 44;
    // grade bands as horizontal bars, the distribution on the task's scale as columns
    c.text(t('report.bands'), L, c.y, { size: 10 });
    c.text(t('report.distribution'), L + W / 2, c.y, { size: 10 });
    c.y += 18;
    const top = c.y;
    o.bands.forEach((b, i) => {
      const y = top + i * 18;
      c.text(b.label, L, y, { size: 9, width: 70 });
      const w = o.approved ? ((W / 2 - 110) * b.count) / o.approved : 0;
      c.box(L + 72, y + 3, W / 2 - 110, 9, LIGHT);
      if (w > 0) c.box(L + 72, y + 3, w, 9, RED);
      c.text(String(b.count), L + W / 2 - 30, y, { size: 9 });
    });
    const max = Math.max(1, ...o.scale.map((s) => s.count));
    const colW = (W / 2) / o.scale.length;
    const chartH = 70;
    o.scale.forEach((s, i) => {
      const x = L + W / 2 + i * colW;
      const h = (chartH * s.count) / max;
      if (h > 0) c.box(x + 3, top + chartH - h, colW - 6, h, RED);
      if (s.count) c.text(String(s.count), x + colW / 2 - 3, top + chartH - h - 12, { size: 8 });
      c.text(s.label.split('–')[0]!, x + 2, top + chartH + 3, { size: 7, color: GREY });
    });
    c.y = top + Math.max(o.bands.length * 18, chartH + 16) + 8;
  }

  if (r.dimensions) {
    heading(t('report.section.dimensions'));
    // A letter task: levels counted and the middle level per dimension, never a percent average.
    const first = r.dimensions[0]?.summary;
    const levels = first?.kind === 'levels' ? first.levels.map((l) => l.label) : null;
    const cols = levels
      ? [t('report.section.dimensions'), ...levels.map((label) => t('report.levelCount', { label })), t('report.median')]
      : [t('report.section.dimensions'), t('report.average'), t('report.spread'), t('report.lowest'), t('report.highest')];
    const cw = W / cols.length;
    cols.forEach((h, i) => c.text(h, L + i * cw, c.y, { size: 9, color: GREY }));
    c.y += 16;
    for (const d of r.dimensions) {
      c.ensure(16);
      const cells = levels && d.summary.kind === 'levels'
        ? [d.name, ...levels.map((_, i) => String(d.summary.kind === 'levels' ? (d.summary.levels[i]?.count ?? 0) : 0)), d.summary.median ?? '—']
        : [d.name, pct(d.average), pct(d.spread), pct(d.min), pct(d.max)];
      cells.forEach((v, i) => c.text(v, L + i * cw, c.y, { size: 10 }));
      if (!levels && d.average !== null) c.box(L + cw * 1 + 34, c.y + 4, ((cw - 40) * d.average) / 100, 7, RED);
      c.y += 16;
    }
    c.y += 6;
  }

  if (r.commonProblems) {
    heading(t('report.section.commonProblems'));
    if (!r.commonProblems.length) c.para(t('report.noProblems'), { color: GREY });
    for (const p of r.commonProblems) {
      c.para(`${p.label}：${t('report.problemCount', { count: p.count, essays: p.essays })}`, { size: 10 });
      c.para(p.examples.map((e) => `${e.text} ×${e.count}`).join('    '), { size: 9, color: GREY, indent: 12 });
    }
  }

  if (r.goodSentences?.length) {
    heading(t('report.section.goodSentences'));
    for (const g of r.goodSentences) c.para(`“${g.text}” — ${g.studentName}`, { size: 10 });
  }
  if (r.samples?.length) {
    heading(t('report.samples'));
    for (const x of r.samples) c.para(`${x.title} — ${x.studentName}（${t(`sample.status.${x.status}`)}）`, { size: 10 });
  }
  if (r.excellent?.length) {
    heading(t('report.section.excellent'));
    for (const e of r.excellent) c.para(`${e.studentName}  ${e.score ?? ''}  ${e.excerpt}`, { size: 10 });
  }
  if (r.attention) {
    heading(t('report.section.attention'));
    c.para(r.attention.length ? r.attention.map((a) => `${a.studentName}（${t(`report.attention.${a.reason}`, { percent: a.score ?? pct(a.percent), previous: a.previousScore ?? pct(a.previous) })}）`).join('；') : t('report.noAttention'), { size: 10 });
  }
  if (r.comparison) {
    heading(t('report.section.comparison'));
    const cmp = r.comparison;
    if (!cmp.previous) c.para(t('report.noPrevious'), { color: GREY });
    else {
      c.para(`${t('report.previousTask', { title: cmp.previous.title })}：${pct(cmp.previous.average)}    ${r.task.title}：${pct(cmp.current)}    ${t('report.delta')}：${cmp.delta === null ? '—' : (cmp.delta > 0 ? '+' : '') + cmp.delta}`, { size: 10 });
      c.para(`${t('report.trend')}：${cmp.trend.map((x) => `${x.title} ${pct(x.average)}`).join(' → ')}`, { size: 9, color: GREY });
    }
  }

  if (r.students) {
    heading(t('report.section.students'));
    const dims = r.dimensions ?? [];
    const cols = [t('report.col.no'), t('report.col.name'), t('report.col.status'), t('report.col.score'), ...dims.map((d) => d.name.slice(0, 4)), t('report.col.words'), t('report.col.previous')];
    const cw = W / cols.length;
    const header = () => {
      cols.forEach((h, i) => c.text(h, L + i * cw, c.y, { size: 8, color: GREY, width: cw - 2 }));
      c.y += 16;
    };
    header();
    r.students.forEach((s, n) => {
      if (c.y + 15 > PAGE.height - PAGE.margin) {
        c.newPage();
        header();
      }
      if (n % 2 === 0) c.box(L, c.y - 1, W, 15, [0.97, 0.97, 0.97]);
      [s.studentNo, s.name, t(`report.status.${s.status}`), s.score ?? '—', ...dims.map((_, i) => s.dimensions[i]?.score ?? '—'), s.wordCount === null ? '—' : String(s.wordCount), pct(s.previous)].forEach((v, i) =>
        c.text(c.wrap(v, 9, cw - 4)[0] ?? '', L + i * cw, c.y, { size: 9 }),
      );
      c.y += 15;
    });
  }

  for (const p of r.studentPages ?? []) {
    c.newPage();
    c.text(`${p.name}`, L, c.y, { size: 16 });
    c.text(`${t('report.col.score')} ${p.score ?? '—'}`, L + 200, c.y + 2, { size: 13, color: RED });
    c.y += 28;
    const imgs = input.images[p.essayId] ?? [];
    const leftW = W * 0.55;
    let iy = c.y;
    for (const img of imgs) {
      if (iy > PAGE.height - PAGE.margin - 100) break;
      iy += c.image(img, L, iy, leftW, PAGE.height - PAGE.margin - iy) + 6;
    }
    const x = L + leftW + 14;
    const w = W - leftW - 14;
    let y = c.y;
    for (const d of p.dimensions) {
      y += c.text(`${d.name}：${d.score ?? '—'}`, x, y, { size: 10, width: w });
    }
    y += 8;
    if (p.teacherComment) {
      y += c.text(t('report.teacherComment'), x, y, { size: 10, color: RED });
      y += c.text(p.teacherComment, x, y, { size: 9.5, width: w }) + 6;
    }
    if (p.aiComment) {
      y += c.text(t('report.aiComment'), x, y, { size: 10, color: GREY });
      y += c.text(p.aiComment, x, y, { size: 9, width: w, color: GREY }) + 6;
    }
    if (p.marks.length) {
      y += c.text(t('report.marks'), x, y, { size: 10 });
      for (const m of p.marks) {
        if (y > PAGE.height - PAGE.margin - 30) break;
        y += c.text(`${m.excerpt} ${m.message}`, x, y, { size: 8.5, width: w, color: GREY });
      }
    }
  }
  return c.finish();
}
