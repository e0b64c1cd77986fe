// Function characters: particles, aspect markers, adverbs of degree and time, prepositions,
// conjunctions, pronouns, negation, measure words. How often a pupil uses each is a trace of how the
// sentences are built (narration with 了/着/过, dialogue with 吗/呢/吧, argument with 因/所/而), not of
// the topic: none of them names a thing. The list is written from general grammar knowledge, not taken
// from any data set; it is one block of the scoring model (essay-model.ts).
export const FUNCTION_CHARS = [
  ...'的了着过把被就都也还又才再很太最更非常已经曾正在将要会能可以应该得地之其而且与和跟同向往从自在于对给为让使叫由因所以但却虽然如果即便只要无论不没别吗呢吧啊呀哦嘛么这那哪谁什怎几每各某些个一',
  ...'他她它你您我们咱自己',
].filter((c, i, all) => all.indexOf(c) === i);

const HAN = /\p{Script=Han}/u;

/** Rate of each function character per 1000 Han characters of the body (at least 100 counted). */
export function functionCharRates(body: string): Map<string, number> {
  const counts = new Map<string, number>();
  let han = 0;
  for (const c of body) {
    if (!HAN.test(c)) continue;
    han++;
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  const k = 1000 / Math.max(han, 100);
  return new Map(FUNCTION_CHARS.map((c) => [c, Math.round((counts.get(c) ?? 0) * k * 1000) / 1000]));
}
