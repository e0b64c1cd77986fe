// Batch intake benchmark: time to split and match a 45-page PDF of filled answer sheets (3 turned,
// one student on two sheets, a blank page, a photo) on this machine.
//   node --import tsx bench/intake.ts
// 1. split only (MuPDF render at 200 dpi + JPEG), 2. match only (image checks + QR per page),
// 3. the whole batch-split job through the API on PGlite (upload → job → essays), as a teacher runs it.
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import sharp from 'sharp';
import { PaddleOcrProvider } from '../src/correction';
import { renderAnswerSheets } from '../src/server/services/batch/answer-sheet';
import { analysePage } from '../src/server/services/batch/analyse';
import { pdfPages } from '../src/server/services/batch/split';
import { blankPage, cjkFont, fillSheet, pdfOfImages, pdfToJpegs, photoLike } from '../tests/fixtures/batch/make';
import { taskFixture } from '../tests/helpers/correction';
import { MGMT, multipartBody } from '../tests/helpers/flows';
import { createTestApp } from '../tests/helpers/test-app';

const font = cjkFont();
if (!font) {
  console.error('no CJK font (fonts-arphic-ukai or fonts-wqy-zenhei) to draw the fixture with');
  process.exit(1);
}
const ms = (t0: number) => Math.round(performance.now() - t0);

const t = await createTestApp('pglite', { jobs: { poll: false } });
const tok = await t.login('teacher01');
const { taskId, classId } = await taskFixture(t.database.db, { username: 'teacher01', className: '七年级1班', title: '我的妈妈' });
const roster = (await t.call('GET', `${MGMT}/mStudent/list?classId=${classId}&pageSize=100`, { token: tok })).json().data.list as { id: number; name: string; studentNo: string }[];

let t0 = performance.now();
const sheetPdf = renderAnswerSheets({ taskId, taskTitle: '我的妈妈', className: '七年级1班', students: roster, pagesPerStudent: 1, lang: 'zh' });
const sheetMs = ms(t0);
const sheets = await pdfToJpegs(sheetPdf);
const two = await pdfToJpegs(renderAnswerSheets({ taskId, taskTitle: '我的妈妈', className: '七年级1班', students: [roster[0]!], pagesPerStudent: 2, lang: 'zh' }));
const pages: Buffer[] = [];
for (let i = 0; i < 42; i++) {
  let img = await fillSheet(sheets[i]!, font, i);
  if (i === 5) img = await sharp(img).rotate(90).jpeg().toBuffer();
  if (i === 10 || i === 15) img = await sharp(img).rotate(180).jpeg().toBuffer();
  pages.push(img);
  if (i === 20) pages.push(await blankPage());
  if (i === 30) pages.push(await photoLike());
}
pages.splice(3, 0, await fillSheet(two[1]!, font, 7));
const pdf = await pdfOfImages(pages);

t0 = performance.now();
const split: Buffer[] = [];
for await (const p of pdfPages(pdf)) split.push(p.image!);
const splitMs = ms(t0);

const ctx = { taskId, roster, ocr: new PaddleOcrProvider() };
t0 = performance.now();
const perPage: number[] = [];
for (const img of split) {
  const p0 = performance.now();
  await analysePage(img, null, ctx);
  perPage.push(performance.now() - p0);
}
const matchMs = ms(t0);
perPage.sort((a, b) => a - b);

const body = multipartBody({ taskId: String(taskId), classId: String(classId) }, { field: 'file', name: 'class.pdf', type: 'application/pdf', content: pdf });
t0 = performance.now();
const up = await t.call('POST', `${MGMT}/writings/saveBatchUploadWritingFileByPDF`, { token: tok, payload: body.payload, headers: body.headers });
const uploadMs = ms(t0);
const batchId = up.json().data.batchId as string;
t0 = performance.now();
await t.app.jobRunner!.runDue();
const jobMs = ms(t0);
const summary = (await t.call('GET', `${MGMT}/writings/batchUploadMatchResult?batchId=${batchId}`, { token: tok })).json().data.summary;
await t.close();

console.log(`\nBatch intake, 45-page PDF (${Math.round(pdf.length / 1024 / 1024)} MB), ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}\n`);
console.log('| step | time |');
console.log('|---|---|');
console.log(`| answer sheets for 45 students (MuPDF, target ≤ 5 s) | ${(sheetMs / 1000).toFixed(1)} s |`);
console.log(`| split: 45 pages rendered at 200 dpi + JPEG (MuPDF) | ${(splitMs / 1000).toFixed(1)} s (${Math.round(splitMs / 45)} ms/page) |`);
console.log(`| match: image checks + QR per page | ${(matchMs / 1000).toFixed(1)} s (median ${Math.round(perPage[22]!)} ms, max ${Math.round(perPage[44]!)} ms) |`);
console.log(`| upload request (sniff, PDF check, store, queue) | ${(uploadMs / 1000).toFixed(1)} s |`);
console.log(`| whole batch-split job on PGlite (split, store pages, match, 42 essays) | ${(jobMs / 1000).toFixed(1)} s |`);
console.log(`\nreport: ${JSON.stringify(summary)}`);
