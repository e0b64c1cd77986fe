#!/usr/bin/env node
// zhipi CLI: runs the local correction engine on essay images (OCR) and text files.
//   zhipi correct <image-or-text files...> [--title T] [--grade N] [--genre G] [--requirements "1. ...;2. ..."]
//                 [--score-type 1-4] [--dimensions a,b,c,d] [--difficulty 0|1] [--lang zh|en] [--json]
//   zhipi spellcheck <file>     one sentence per line in, one corrected line out
// In a checkout the engine's TypeScript runs through tsx (no build step, edits take effect at once);
// an installation without the sources and dev tools (npm ci --omit=dev) runs the build (npm run build).
// AI_* and OCR_* are read by the server's config (a bad value stops with the variable's name).
import { existsSync, readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { parseArgs } from 'node:util';

async function loadModules() {
  const source = existsSync(new URL('../src/correction/index.ts', import.meta.url));
  let tsx;
  if (source) tsx = await import('tsx/esm/api').catch(() => undefined);
  if (tsx) {
    tsx.register();
    return Promise.all(['../src/correction/index.ts', '../src/server/config.ts', '../src/server/engine-deps.ts'].map((m) => import(m)));
  }
  if (!existsSync(new URL('../build/src/correction/index.js', import.meta.url))) fail('no build of the engine: run npm run build (or npm install for the dev tools)');
  return Promise.all(['../build/src/correction/index.js', '../build/src/server/config.js', '../build/src/server/engine-deps.js'].map((m) => import(m)));
}
const [engine, configModule, engineDepsModule] = await loadModules();

const USAGE = `usage:
  zhipi correct <image-or-text files...> [--title T] [--grade N] [--genre G] [--requirements "1. ...;2. ..."]
                [--score-type 1-4] [--dimensions a,b,c,d] [--difficulty 0|1] [--lang zh|en] [--json]
  zhipi spellcheck <file>`;

const IMAGE_EXT = new Set(['.png', '.jpg', '.jpeg', '.bmp', '.gif', '.webp', '.tif', '.tiff', '.heic', '.avif']);

function fail(msg) {
  process.stderr.write(`zhipi: ${msg}\n`);
  process.exit(2);
}

/** "1. 写一件事;2. 不少于600字" -> ["写一件事", "不少于600字"] */
function parseRequirements(s) {
  if (!s) return [];
  return s
    .split(/[;；\n]/)
    .map((r) => r.replace(/^\s*\d+\s*[.、．)]\s*/, '').trim())
    .filter(Boolean);
}

async function correct(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      title: { type: 'string' },
      grade: { type: 'string' },
      genre: { type: 'string' },
      requirements: { type: 'string' },
      'score-type': { type: 'string' },
      dimensions: { type: 'string' },
      difficulty: { type: 'string' },
      lang: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  if (!positionals.length) fail(`no input files\n${USAGE}`);
  const scoreType = values['score-type'] ? Number(values['score-type']) : 3;
  if (![1, 2, 3, 4].includes(scoreType)) fail('--score-type must be 1, 2, 3 or 4');
  const grade = values.grade !== undefined ? Number(values.grade) : undefined;
  if (grade !== undefined && !(Number.isInteger(grade) && grade >= 1 && grade <= 12)) fail('--grade must be 1-12 (10-12 = senior high 1-3)');
  const lang = values.lang === 'en' ? 'en' : 'zh';
  let config;
  try {
    config = configModule.loadEngineConfig(process.env);
  } catch (e) {
    if (e instanceof configModule.ConfigError) fail(e.message);
    throw e;
  }
  // pages are read in this thread (no OCR threads): a CLI run has nothing else to keep responsive
  const { modelService: reviewer, ocr } = engineDepsModule.createEngineDeps(config, 0);
  const results = [];
  for (const file of positionals) {
    const ext = extname(file).toLowerCase();
    if (ext === '.pdf') fail(`${file}: PDF is not supported; pass page images (png, jpg, webp)`);
    const isImage = IMAGE_EXT.has(ext);
    let content;
    try {
      content = isImage ? readFileSync(file) : readFileSync(file, 'utf8');
    } catch (e) {
      fail(`${file}: ${e.message}`);
    }
    try {
      const task = {
        ...(values.title !== undefined ? { title: values.title } : {}),
        ...(grade !== undefined ? { grade } : {}),
        ...(values.genre !== undefined ? { genre: values.genre } : {}),
        requirements: parseRequirements(values.requirements),
        scoreType,
        dimensions: values.dimensions ? values.dimensions.split(/[,，]/) : [],
        difficulty: values.difficulty === '1' ? 1 : 0,
        lang,
      };
      // images: the same pipeline as the server (image checks, OCR, correctText, model service when configured)
      let r;
      if (isImage) r = await engine.correctEssay({ ...task, images: [content] }, { ...(reviewer ? { modelService: reviewer } : {}), ...(ocr ? { ocr } : {}) });
      else {
        r = await engine.correctText({ ...task, transcript: content });
        if (reviewer) r = await reviewer.review(r, content, task);
      }
      results.push({ file, ...r });
    } catch (e) {
      if (e instanceof engine.CorrectionInputError) fail(lang === 'zh' ? e.zh : e.en);
      throw e;
    }
  }
  if (values.json) {
    process.stdout.write(JSON.stringify(results, null, 2) + '\n');
    return;
  }
  for (const r of results) {
    const lines = [`# ${r.file}  ${r.title}`];
    if (r.ocr) lines.push(`OCR ${r.ocr.provider}: confidence ${r.ocr.confidence}, ${r.transcript.length} characters`);
    if (r.score) lines.push(`${r.score.label}  (${r.score.percent}/100, ${r.score.band})`);
    else lines.push(r.message ?? '');
    for (const f of r.flags) lines.push(`! ${f.label}: ${f.evidence}`);
    lines.push('', r.comments.overall);
    for (const d of r.comments.dimensions) lines.push(`- ${d.text}`);
    for (const p of r.comments.paragraphs) lines.push(`  ${p.text}`);
    for (const n of r.notes) lines.push(`  [${n.start}-${n.end}] ${n.message}`);
    process.stdout.write(lines.join('\n') + '\n\n');
  }
}

function spellcheck(argv) {
  const [file] = argv;
  if (!file) fail(`no input file\n${USAGE}`);
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    fail(`${file}: ${e.message}`);
  }
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const out = lines.map((l) => engine.correctSpelling(l.replace(/\r$/, '')));
  process.stdout.write(out.join('\n') + (out.length ? '\n' : ''));
}

const [cmd, ...rest] = process.argv.slice(2);
if (cmd === 'correct') await correct(rest);
else if (cmd === 'spellcheck') spellcheck(rest);
else {
  process.stdout.write(USAGE + '\n');
  process.exit(cmd && cmd !== '--help' && cmd !== '-h' ? 2 : 0);
}
