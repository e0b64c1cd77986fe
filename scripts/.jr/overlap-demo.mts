import { DEMO_ESSAYS } from '../../src/server/seed/demo-essays-data';
import { textOverlap } from '../../src/correction/copy/text-overlap';
const texts = DEMO_ESSAYS.map((e: any) => [e.title ?? '', ...(e.paragraphs ?? [])].join('\n'));
console.log(Object.keys(DEMO_ESSAYS[0]!));
let max = 0;
for (let i = 0; i < texts.length; i++) for (let j = 0; j < texts.length; j++) if (i !== j) { const o = textOverlap(texts[i]!, texts[j]!); max = Math.max(max, o.share); if (o.share > 0.02) console.log(i, j, o.share.toFixed(3), o.passages.map((p) => p.mineText)); }
console.log('max share between different demo essays', max.toFixed(3));
