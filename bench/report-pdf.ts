// Full class report PDF of 50 students (product-rules.md#class-report target: ≤ 5 s on the 2-core machine).
// What is timed is what GET report/pdf does after its SQL: every student's essay page (a 1654×2339 PNG
// of handwriting on grid paper, as intake stores them) turned into a 900 px JPEG by sharp, then the
// PDF drawn by mupdf in a worker thread with Noto Sans SC embedded as a subset.
// Run: node --import tsx bench/report-pdf.ts   (writes /tmp/class-report-50.pdf)
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { renderEssayPage } from '../src/correction/ocr/render-page';
import { NORMAL_ESSAY } from '../src/correction/test-fixtures';
import type { ClassReport } from '../src/core/api/contracts/class-report';
import { renderReportPdfOffThread } from '../src/server/services/report-pdf/report-pdf-off-thread';

const N = 50;
const dims = ['立意切题', '内容具体', '结构清晰', '语言流畅', '书写规范'];
const base = await Promise.all([1, 2, 3, 4, 5].map(async (seed) => Buffer.from((await renderEssayPage(NORMAL_ESSAY, { seed })).image)));
// distinct bytes per student, as real photos are
const pngs = await Promise.all(
  Array.from({ length: N }, (_, i) =>
    sharp(base[i % base.length]!)
      .composite([{ input: Buffer.from(`<svg width="200" height="40"><text x="4" y="30" font-size="28">#${i}</text></svg>`), top: 8, left: 8 }])
      .png()
      .toBuffer(),
  ),
);
const names = Array.from({ length: N }, (_, i) => `学生${String(i + 1).padStart(2, '0')}`);
const report: ClassReport = {
  task: { id: 1, title: '我的老师', genre: 'narrative', grade: 7 },
  class: { id: 1, name: '七年级1班' },
  mode: 'full',
  sections: ['overview', 'dimensions', 'commonProblems', 'goodSentences', 'excellent', 'attention', 'comparison', 'students', 'studentPages'],
  overview: { students: N, submitted: N, approved: N, average: 81.2, highest: 96, lowest: 58, averageWords: 512, averageScore: null, scoreType: 1, fullMark: null, summary: { kind: 'levels', count: N, levels: [{ label: 'A', count: 18 }, { label: 'B', count: 24 }, { label: 'C', count: 8 }], median: 'B', average: null, highest: null, lowest: null, fullMark: null }, bands: [['excellent', 'A', 18], ['medium', 'B', 24], ['needsImprovement', 'C', 8]].map(([band, label, count]) => ({ band: band as string, label: label as string, count: count as number })), scale: [{ label: 'A', count: 18 }, { label: 'B', count: 24 }, { label: 'C', count: 8 }] },
  dimensions: dims.map((name, i) => ({ id: `d${i}`, name, average: 78 + i, spread: 8.5, min: 55, max: 97, summary: { kind: 'levels' as const, count: N, levels: [{ label: 'A', count: 16 + i }, { label: 'B', count: 26 - i }, { label: 'C', count: 8 }], median: 'B', average: null, highest: null, lowest: null, fullMark: null } })),
  commonProblems: [{ kind: 'wrongChar', label: '错别字', count: 37, essays: 21, examples: [{ text: '“一渡”→“一度”', count: 6 }, { text: '“再接再励”→“再接再厉”', count: 4 }] }],
  goodSentences: names.slice(0, 8).map((n, i) => ({ studentId: i + 1, studentName: n, text: '秋风像一把金色的剪刀，剪下了满树的黄叶。', reasons: ['比喻生动'] })),
  excellent: names.slice(0, 5).map((n, i) => ({ studentId: i + 1, studentName: n, essayId: i + 1, percent: 95, score: 'A', excerpt: NORMAL_ESSAY.slice(0, 80) })),
  attention: names.slice(45).map((n, i) => ({ studentId: 46 + i, studentName: n, reason: 'low' as const, percent: 58, previous: 70, score: 'C', previousScore: 'B' })),
  comparison: { previous: { taskId: 2, title: '秋天', average: 79.4, approved: 48 }, current: 81.2, delta: 1.8, dimensions: [], trend: [{ taskId: 2, title: '秋天', average: 79.4 }, { taskId: 1, title: '我的老师', average: 81.2 }] },
  students: names.map((name, i) => ({ studentId: i + 1, studentNo: String(i + 1), name, status: 'approved' as const, essayId: i + 1, percent: 80, score: 'B', band: 'good', wordCount: 500 + i, previous: 78, wrongChars: i % 3, dimensions: dims.map((_, k) => ({ id: `d${k}`, percent: 80, score: 'B' })) })),
  studentPages: names.map((name, i) => ({
    studentId: i + 1,
    name,
    essayId: i + 1,
    score: 'B',
    percent: 80,
    pages: [{ url: '', rotation: 0 }],
    teacherComment: '文章围绕“我的老师”选材，细节真实，感情真挚。结尾可以再点一点题，使中心更突出。注意“一渡”应为“一度”。',
    aiComment: '结构清晰，语言较流畅，个别句子偏长，可适当拆分。',
    dimensions: dims.map((n, k) => ({ id: `d${k}`, name: n, percent: 80, score: 'B' })),
    marks: [{ kind: 'wrongChar', excerpt: '“一渡”→“一度”', message: '错别字' }, { kind: 'goodSentence', excerpt: '“秋风像一把金色的剪刀”', message: '比喻生动' }],
  })),
};

// run 1 starts the PDF worker (a server's first report of the last five minutes); runs 2–4 find it warm
const runs: { total: number; images: number; pdf: number; bytes: number }[] = [];
for (let run = 0; run < 4; run++) {
  const t0 = performance.now();
  const jpegs = await Promise.all(pngs.map((p) => sharp(p).resize({ width: 900, withoutEnlargement: true }).jpeg({ quality: 68 }).toBuffer()));
  const t1 = performance.now();
  const pdf = await renderReportPdfOffThread({ report, lang: 'zh', images: Object.fromEntries(jpegs.map((j, i) => [i + 1, [new Uint8Array(j)]])) });
  const t2 = performance.now();
  runs.push({ total: t2 - t0, images: t1 - t0, pdf: t2 - t1, bytes: pdf.length });
  if (run === 0) writeFileSync('/tmp/class-report-50.pdf', pdf);
}
runs.forEach((r, i) => console.log(`${i === 0 ? 'cold' : 'warm'}: total ${(r.total / 1000).toFixed(2)} s = images ${(r.images / 1000).toFixed(2)} s + pdf ${(r.pdf / 1000).toFixed(2)} s, ${(r.bytes / 1024).toFixed(0)} KB`));
const warm = runs.slice(1).map((r) => r.total).sort((a, b) => a - b);
console.log(`cold ${(runs[0]!.total / 1000).toFixed(2)} s, warm median ${(warm[1]! / 1000).toFixed(2)} s for ${N} students (target ≤ 5 s); load average ${(await import('node:os')).loadavg()[0]!.toFixed(1)}`);
