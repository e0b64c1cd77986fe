// Loads ../shared/data/aes-calibration: essays (first line the title) and the teacher's scores.
import { readFileSync } from 'node:fs';

export interface AesEssay {
  id: string;
  title: string;
  /** the essay with the title line, leftover HTML stripped */
  transcript: string;
  score: number;
}

/** Remove leftover HTML tags and entities, keep the line structure. */
export function stripHtml(s: string): string {
  return s
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

export function loadAes(dir = new URL('../../../shared/data/aes-calibration/', import.meta.url).pathname): AesEssay[] {
  return readFileSync(dir + 'scores.tsv', 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [id, , score] = line.split('\t') as [string, string, string];
      const transcript = stripHtml(readFileSync(`${dir}essays/${id}.txt`, 'utf8'));
      return { id, title: transcript.split('\n')[0]!.trim(), transcript, score: Number(score) };
    });
}
