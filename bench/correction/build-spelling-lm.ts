// Builds the spelling checker's general-domain word language model, src/correction/data/sunpinyin-lm.bin.gz
// (read by src/correction/spelling/word-lm.ts), from Debian's sunpinyin-data (open-gram, CC BY-SA 3.0):
//   apt-get install sunpinyin-data sunpinyin-utils      # build time only; nothing of it is needed at run time
//   node --import tsx bench/correction/build-spelling-lm.ts [--max-bigrams N] [--data DIR]
// Source: lm_sc.t3g (a threaded word trigram, 71,759 words / 2.5 M bigrams / 1 M trigrams, costs in
// nats) printed by `tslminfo -v`, and the word strings of pydict_sc.bin (its string area lists the
// words in word-id order). Kept: every word that has a unigram, its unigram cost and back-off weight,
// and the bigrams (the strongest --max-bigrams by |bigram cost − back-off estimate| × P(h, w) when
// pruned); the trigrams are left out. Costs of bigrams are quantised to 0.1 nat.
// The file is CC BY-SA 3.0 like its source (see LICENSE-sunpinyin-lm-cc-by-sa-3.0 beside it); the
// provenance (package, version, sha256, date, parameters) goes to sunpinyin-lm.json.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const opt = (n: string) => {
  const i = args.indexOf(n);
  return i >= 0 ? args[i + 1] : undefined;
};
const DATA = opt('--data') ?? '/usr/lib/x86_64-linux-gnu/sunpinyin/data';
const MAX_BIGRAMS = Number(opt('--max-bigrams') ?? Infinity);
const OUT = new URL('../../src/correction/data/', import.meta.url);
const STEP = 0.1;

const sha = (f: string) => createHash('sha256').update(readFileSync(f)).digest('hex');

// Word strings: pydict_sc.bin starts with (word count, node count, string offset), u32 LE; the string
// area holds word count NUL-terminated UCS-4 strings, word id i being the i-th.
function lexicon(file: string): string[] {
  const b = readFileSync(file);
  const n = b.readUInt32LE(0);
  let p = b.readUInt32LE(8);
  const words: string[] = [];
  for (let i = 0; i < n; i++) {
    let w = '';
    for (let c = b.readUInt32LE(p); c; c = b.readUInt32LE(p)) {
      w += String.fromCodePoint(c);
      p += 4;
    }
    p += 4;
    words.push(w);
  }
  return words;
}

const words = lexicon(`${DATA}/pydict_sc.bin`);
const arpa = execFileSync('tslminfo', ['-v', `${DATA}/lm_sc.t3g`], { maxBuffer: 1 << 30, encoding: 'utf8' }).split('\n');

// Sections: \0-gram\1, \1-gram\N: "id cost bowcost (x,y)", \2-gram\N: "h w cost bowcost (x,y)".
let section = -1;
const uni = new Map<number, { cost: number; bow: number }>();
const bi: Array<{ h: number; w: number; cost: number }> = [];
let unseenCost = 0;
for (const line of arpa) {
  const m = /^\\(\d)-gram\\/.exec(line);
  if (m) {
    section = Number(m[1]);
    continue;
  }
  const f = line.trim().split(/\s+/);
  if (f.length < 2) continue;
  if (section === 0) unseenCost = Number(f[0]);
  else if (section === 1) uni.set(Number(f[0]), { cost: Number(f[1]), bow: Number(f[2]) });
  else if (section === 2) bi.push({ h: Number(f[0]), w: Number(f[1]), cost: Number(f[2]) });
}

// New ids: 0 is the sentence boundary (sunpinyin's id 0), then words by rising unigram cost.
const kept = [...uni.keys()].filter((id) => id === 0 || words[id]).sort((a, b) => (a === 0 ? -1 : b === 0 ? 1 : uni.get(a)!.cost - uni.get(b)!.cost));
const newId = new Map(kept.map((id, i) => [id, i]));
let bigrams = bi.filter((g) => newId.has(g.h) && newId.has(g.w));
const totalBigrams = bigrams.length;
if (bigrams.length > MAX_BIGRAMS) {
  // Weighted difference from what the back-off would give without the bigram.
  const score = (g: { h: number; w: number; cost: number }) =>
    Math.exp(-uni.get(g.h)!.cost - g.cost) * Math.abs(uni.get(g.h)!.bow + uni.get(g.w)!.cost - g.cost);
  bigrams = bigrams.map((g) => ({ g, s: score(g) })).sort((a, b) => b.s - a.s).slice(0, MAX_BIGRAMS).map((x) => x.g);
}
const rows = bigrams.map((g) => ({ h: newId.get(g.h)!, w: newId.get(g.w)!, q: Math.min(255, Math.max(0, Math.round(g.cost / STEP))) }));
rows.sort((a, b) => a.h - b.h || a.w - b.w);

const n = kept.length;
const vocab = Buffer.from(kept.map((id) => (id === 0 ? '' : words[id]!)).join('\n'), 'utf8');
const uniCost = new Float32Array(n);
const bow = new Float32Array(n);
kept.forEach((id, i) => {
  uniCost[i] = uni.get(id)!.cost;
  bow[i] = uni.get(id)!.bow;
});
const counts = new Uint32Array(n);
for (const r of rows) counts[r.h]!++;
const varints: number[] = [];
const pushVar = (v: number) => {
  while (v >= 0x80) {
    varints.push((v & 0x7f) | 0x80);
    v >>>= 7;
  }
  varints.push(v);
};
for (const c of counts) pushVar(c);
const countBytes = varints.length;
let prevH = -1, prevW = 0;
for (const r of rows) {
  if (r.h !== prevH) {
    prevH = r.h;
    prevW = -1;
  }
  pushVar(r.w - prevW - 1);
  prevW = r.w;
}
const header = Buffer.from(
  JSON.stringify({ format: 'zhipi-word-bigram-1', words: n, bigrams: rows.length, step: STEP, unseenCost, vocabBytes: vocab.length, countBytes, varintBytes: varints.length }),
  'utf8',
);
const len = Buffer.alloc(4);
len.writeUInt32LE(header.length);
const body = Buffer.concat([
  len,
  header,
  vocab,
  Buffer.from(uniCost.buffer),
  Buffer.from(bow.buffer),
  Buffer.from(varints),
  Buffer.from(rows.map((r) => r.q)),
]);
const gz = gzipSync(body, { level: 9 });
writeFileSync(new URL('sunpinyin-lm.bin.gz', OUT), gz);

let version = 'unknown';
try {
  version = execFileSync('dpkg-query', ['-W', '-f=${Version}', 'sunpinyin-data'], { encoding: 'utf8' });
} catch {
  /* not a Debian system: the version stays unknown */
}
const provenance = {
  file: 'sunpinyin-lm.bin.gz',
  licence: 'CC BY-SA 3.0 Unported (as its source; see LICENSE-sunpinyin-lm-cc-by-sa-3.0)',
  source: {
    package: 'sunpinyin-data (Debian)',
    version,
    upstream: 'open-gram, https://sourceforge.net/projects/open-gram/ (sunpinyin project)',
    files: { 'lm_sc.t3g': sha(`${DATA}/lm_sc.t3g`), 'pydict_sc.bin': sha(`${DATA}/pydict_sc.bin`) },
  },
  built: new Date().toISOString().slice(0, 10),
  command: `node --import tsx bench/correction/build-spelling-lm.ts${MAX_BIGRAMS < Infinity ? ` --max-bigrams ${MAX_BIGRAMS}` : ''}`,
  parameters: { words: n, bigramsInSource: totalBigrams, bigramsKept: rows.length, trigrams: 'left out', costQuantisationNats: STEP },
  sha256: createHash('sha256').update(gz).digest('hex'),
  bytes: gz.length,
};
// The licence and attribution travel with the file: Debian's copyright file holds both (the full CC BY-SA 3.0 text).
const COPYRIGHT = opt('--copyright') ?? '/usr/share/doc/sunpinyin-data/copyright';
writeFileSync(
  new URL('LICENSE-sunpinyin-lm-cc-by-sa-3.0', OUT),
  'sunpinyin-lm.bin.gz (zhipi) is an adaptation of lm_sc.t3g and pydict_sc.bin of Debian\'s sunpinyin-data\n' +
    `${version} (open-gram): the word list, unigrams and a selection of bigrams, requantised (see\n` +
    'sunpinyin-lm.json and bench/correction/build-spelling-lm.ts). It is licensed, like its source, under\n' +
    'the Creative Commons Attribution-ShareAlike 3.0 Unported licence. The source\'s copyright file follows.\n\n' +
    readFileSync(COPYRIGHT, 'utf8'),
);
writeFileSync(new URL('sunpinyin-lm.json', OUT), JSON.stringify(provenance, null, 2) + '\n');
console.log(JSON.stringify(provenance, null, 2));
