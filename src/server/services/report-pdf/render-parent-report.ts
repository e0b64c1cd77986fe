// The parents' report of one student as PDF (/h5Pdf): the same content as the H5 page (score and class
// average, strengths first, next steps, dimensions, the teacher's and the AI's words, the trend), then
// the essay pages with the teacher's marks beside them. Drawn with the class report's mupdf canvas.
import { scoreSummaryLine } from '../../../core/scoring/score-summary';
import type { ParentReport } from '../../../core/api/contracts/class-report';
import { translate, type Lang, type MessageKey } from '../../../core/i18n';
import { fontOf } from './render-report';
import { PAGE, PdfCanvas, type Rgb } from './pdf-canvas';

const RED: Rgb = [0.76, 0.1, 0.22];
const GREEN: Rgb = [0.13, 0.5, 0.25];
const GREY: Rgb = [0.4, 0.4, 0.4];
const LIGHT: Rgb = [0.93, 0.93, 0.93];

export interface ParentMark {
  kind: string;
  excerpt: string;
  message: string;
}

export interface ParentPdfInput {
  report: ParentReport;
  lang: Lang;
  /** the font file (sfnt) */
  font: Uint8Array;
  /** JPEG images of the current essay's pages, in order */
  images: Uint8Array[];
  /** the teacher-approved marks of the current essay (wrong characters, punctuation, good sentences) */
  marks: ParentMark[];
}

export function renderParentPdf(input: ParentPdfInput): Uint8Array {
  const { report: r, lang } = input;
  const t = (key: string, p?: Record<string, string | number>) => translate(lang, key as MessageKey, p);
  const c = new PdfCanvas(fontOf(input.font));
  const W = PAGE.width - 2 * PAGE.margin;
  const L = PAGE.margin;
  const heading = (text: string) => {
    c.ensure(44);
    c.y += 8;
    c.box(L, c.y + 2, 3, 14, RED);
    c.text(text, L + 8, c.y, { size: 13 });
    c.y += 24;
  };
  const avg = (v: number | null) => (v === null ? '' : t('parentReport.classAverage', { average: Math.round(v) }));

  c.newPage();
  c.text(t('parentReport.title', { name: r.student.name }), L, c.y, { size: 20, color: RED });
  c.y += 32;
  const cur = r.current;
  c.text(`${r.student.className}${cur ? ` · ${cur.title}` : ''}`, L, c.y, { size: 11, color: GREY, width: W });
  c.y += 22;
  if (!cur) {
    c.para(t('parentReport.noEssay'), { size: 12 });
    return c.finish();
  }
  c.text(`${t('parentReport.score')} ${cur.score ?? '—'}`, L, c.y, { size: 18 });
  // the class as the screen shows it: letters counted, or points (core/scoring/score-summary.ts)
  if (cur.classSummary.count) c.text(t('parentReport.classSummary', { summary: scoreSummaryLine(cur.classSummary, lang) }), L + 160, c.y + 5, { size: 11, color: GREY, width: W - 160 });
  c.y += 34;

  // the teacher's approved comment first: it is the verdict
  if (cur.teacherComment || cur.aiComment) {
    heading(t('parentReport.teacherSays'));
    if (cur.teacherComment) c.para(cur.teacherComment, { size: 11, gap: 8 });
    if (cur.aiComment) c.para(`${t('parentReport.aiSays')}：${cur.aiComment}`, { size: 10, color: GREY });
  }

  heading(t('parentReport.strengths'));
  for (const s of cur.strengths) c.para(`· ${s}`, { size: 11, color: GREEN });
  heading(t('parentReport.nextSteps'));
  cur.nextSteps.forEach((s, i) => c.para(`${i + 1}. ${s}`, { size: 11 }));

  heading(t('parentReport.dimensions'));
  const barX = L + 150;
  const barW = W - 150 - 120;
  for (const d of cur.dimensions) {
    c.ensure(20);
    c.text(`${d.name}  ${d.score ?? '—'}`, L, c.y, { size: 10.5, width: 145 });
    c.box(barX, c.y + 4, barW, 8, LIGHT);
    if (d.percent !== null) c.box(barX, c.y + 4, (barW * Math.max(0, Math.min(100, d.percent))) / 100, 8, RED);
    if (d.classAverage !== null) c.box(barX + (barW * Math.max(0, Math.min(100, d.classAverage))) / 100 - 1, c.y + 1, 2, 14, GREY);
    c.text(avg(d.classAverage), barX + barW + 10, c.y + 1, { size: 9, color: GREY });
    c.y += 20;
  }

  if (r.trend.length > 1) {
    heading(t('parentReport.trend'));
    // two columns per task: the student (red) and the class average (grey), on a 0–100 scale
    const chartH = 80;
    c.ensure(chartH + 40);
    const top = c.y;
    const colW = W / r.trend.length;
    r.trend.forEach((p, i) => {
      const x = L + i * colW + colW / 2 - 18;
      const bar = (v: number | null, dx: number, color: Rgb) => {
        if (v === null) return;
        const h = (chartH * Math.max(0, Math.min(100, v))) / 100;
        c.box(x + dx, top + chartH - h, 14, h, color);
        c.text(String(Math.round(v)), x + dx, top + chartH - h - 11, { size: 7, color });
      };
      bar(p.percent, 0, RED);
      bar(p.classAverage, 18, GREY);
      c.text(c.wrap(p.title, 8, colW - 6)[0] ?? '', L + i * colW + 3, top + chartH + 4, { size: 8, color: GREY });
    });
    c.y = top + chartH + 20;
    c.box(L, c.y + 3, 8, 8, RED);
    c.text(r.student.name, L + 12, c.y, { size: 8 });
    c.box(L + 90, c.y + 3, 8, 8, GREY);
    c.text(t('parentReport.classAverage', { average: '' }).trim(), L + 102, c.y, { size: 8 });
    c.y += 16;
  }

  // the essay: a page per essay page, the marks beside the first
  input.images.forEach((img, i) => {
    c.newPage();
    c.text(`${t('parentReport.essay')} ${input.images.length > 1 ? `${i + 1}/${input.images.length}` : ''}`, L, c.y, { size: 13 });
    c.y += 24;
    const withMarks = i === 0 && input.marks.length > 0;
    const imgW = withMarks ? W * 0.62 : W;
    c.image(img, L, c.y, imgW, PAGE.height - PAGE.margin - c.y);
    if (!withMarks) return;
    const x = L + imgW + 12;
    const w = W - imgW - 12;
    let y = c.y;
    y += c.text(t('report.marks'), x, y, { size: 11, color: RED });
    for (const m of input.marks) {
      if (y > PAGE.height - PAGE.margin - 30) break;
      y += c.text(m.excerpt, x, y, { size: 9.5, width: w, color: m.kind === 'goodSentence' ? GREEN : RED });
      y += c.text(m.message, x, y, { size: 8.5, width: w, color: GREY }) + 4;
    }
  });
  return c.finish();
}
