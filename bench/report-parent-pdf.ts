// One student's parents' report as PDF (/h5Pdf): what GET h5/parentReport/pdf does after its SQL (the
// essay page, a 1654×2339 PNG as intake stores it, turned into a 900 px JPEG by sharp; the PDF drawn by
// mupdf in the report worker with Noto Sans SC embedded as a subset), cold and warm. With --react-pdf,
// the same content laid out by @react-pdf/renderer for comparison (docs/decisions.md), with the
// @fontsource Noto Sans SC WOFF and with Debian's AR PL UKai (fonts-arphic-ukai), in this thread.
// Run: node --import tsx bench/report-parent-pdf.ts [--react-pdf]   (writes /tmp/parent-report.pdf)
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import path from 'node:path';
import { createElement as h } from 'react';
import sharp from 'sharp';
import { renderEssayPage } from '../src/correction/ocr/render-page';
import { NORMAL_ESSAY } from '../src/correction/test-fixtures';
import type { ParentReport } from '../src/core/api/contracts/class-report';
import { renderParentPdfOffThread } from '../src/server/services/report-pdf/report-pdf-off-thread';

const png = Buffer.from((await renderEssayPage(NORMAL_ESSAY, { seed: 3 })).image);
const dims = [['theme', '立意'], ['content', '内容'], ['structure', '结构'], ['language', '语言'], ['mechanics', '书写']] as const;
const report: ParentReport = {
  student: { name: '孙若溪', className: '七年级1班' },
  expiresAt: '2027-01-31T15:59:59.000Z',
  trend: ['开学第一课', '秋天', '我的家乡', '一次运动会', '我的老师'].map((title, i) => ({ taskId: i + 1, title, percent: 72 + i * 4, classAverage: 78 + (i % 2) })),
  current: {
    taskId: 5,
    title: '我的老师',
    score: 'A',
    percent: 88,
    classAverage: null,
    classSummary: { kind: 'levels', count: 45, levels: [{ label: 'A', count: 12 }, { label: 'B', count: 25 }, { label: 'C', count: 8 }], median: 'B', average: null, highest: null, lowest: null, fullMark: null },
    dimensions: dims.map(([id, name], i) => ({ id, name, percent: 92 - i * 6, score: i < 3 ? 'A' : 'B', classAverage: 78 + i })),
    strengths: ['立意表现突出（92）', '有好句子：“老师的笑容像春天的阳光一样温暖。”'],
    nextSteps: ['多练习书写：写完读一遍，检查错别字和标点', '注意改正错别字，例如 “一渡”→“一度”'],
    teacherComment: '文章围绕“我的老师”选材，细节真实，感情真挚。结尾可以再点一点题，使中心更突出。',
    aiComment: '结构清晰，语言较流畅，个别句子偏长，可适当拆分。',
    transcript: null,
    pages: [{ url: '', rotation: 0 }],
  },
};
const marks = [
  { kind: 'wrongChar', excerpt: '“一渡”→“一度”', message: '错别字' },
  { kind: 'punctuation', excerpt: '“，”→“。”', message: '句末应用句号' },
  { kind: 'goodSentence', excerpt: '“老师的笑容像春天的阳光一样温暖。”', message: '比喻生动' },
];

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const runs: number[] = [];
for (let run = 0; run < 4; run++) {
  const t0 = performance.now();
  // a fresh sharp pass each run (the server keeps the JPEG in memory; its first PDF of a page pays this)
  const jpeg = new Uint8Array(await sharp(png).resize({ width: 900, withoutEnlargement: true }).jpeg({ quality: 68 }).toBuffer());
  const pdf = await renderParentPdfOffThread({ report, lang: 'zh', images: [jpeg], marks });
  runs.push(performance.now() - t0);
  if (run === 0) writeFileSync('/tmp/parent-report.pdf', pdf);
  console.log(`mupdf ${run === 0 ? 'cold (worker starts)' : 'warm'}: ${s(runs.at(-1)!)}, ${(pdf.length / 1024).toFixed(0)} KB`);
}

if (process.argv.includes('--react-pdf')) {
  const { Document, Font, Image, Page, Text, View, renderToBuffer } = await import('@react-pdf/renderer');
  const woff = path.join(path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-sc/LICENSE')), 'files/noto-sans-sc-chinese-simplified-400-normal.woff');
  Font.register({ family: 'NotoSansSC', src: woff });
  Font.register({ family: 'UKai', src: '/usr/share/fonts/truetype/arphic/ukai.ttc', postscriptName: 'UKaiCN' } as Parameters<typeof Font.register>[0]);
  const jpeg = await sharp(png).resize({ width: 900 }).jpeg({ quality: 68 }).toBuffer();
  const c = report.current!;
  const doc = (family: string) =>
    h(Document, null,
      h(Page, { size: 'A4', style: { fontFamily: family, padding: 40, fontSize: 11 } },
        h(Text, { style: { fontSize: 20, color: '#c21939' } }, `${report.student.name}的作文报告`),
        h(Text, null, `${report.student.className} · ${c.title}  成绩 ${c.score}`),
        ...c.strengths.map((x) => h(Text, { key: x }, `· ${x}`)),
        ...c.nextSteps.map((x, i) => h(Text, { key: x }, `${i + 1}. ${x}`)),
        ...c.dimensions.map((d) => h(View, { key: d.id }, h(Text, null, `${d.name} ${d.score}`))),
        h(Text, null, c.teacherComment),
        h(Text, null, `AI 点评：${c.aiComment}`),
        ...marks.map((m) => h(Text, { key: m.excerpt }, `${m.excerpt} ${m.message}`))),
      h(Page, { size: 'A4', style: { padding: 40 } }, h(Image, { src: jpeg })));
  for (const family of ['NotoSansSC', 'UKai']) {
    for (let run = 0; run < 3; run++) {
      const t0 = performance.now();
      const buf = await renderToBuffer(doc(family));
      console.log(`react-pdf ${family} run ${run + 1}: ${s(performance.now() - t0)} in the API's own thread, ${(buf.length / 1024).toFixed(0)} KB`);
    }
  }
}
const warm = runs.slice(1).sort((a, b) => a - b);
console.log(`mupdf: cold ${s(runs[0]!)}, warm median ${s(warm[1]!)} for one student; load average ${loadavg()[0]!.toFixed(1)}`);
process.exit(0);
