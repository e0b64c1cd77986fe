/**
 * Times as the schools read them: China Standard Time (UTC+8, no daylight saving), whatever zone the
 * browser or the server runs in. Screens, exports and PDFs all format through here, so an exported
 * xlsx and the list it came from show the same clock (a browser set to UTC used to show 05:01:27
 * beside the export's 13:01:27).
 */
const CST_OFFSET_MS = 8 * 3600_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Formats a time in China Standard Time; tokens YYYY MM DD HH mm ss (default YYYY-MM-DD HH:mm:ss). Empty for no time. */
export function schoolTime(value: string | number | Date | null | undefined, pattern = 'YYYY-MM-DD HH:mm:ss'): string {
  if (value === null || value === undefined || value === '') return '';
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (Number.isNaN(ms)) return '';
  const t = new Date(ms + CST_OFFSET_MS);
  const parts: Record<string, string> = {
    YYYY: pad(t.getUTCFullYear(), 4),
    MM: pad(t.getUTCMonth() + 1),
    DD: pad(t.getUTCDate()),
    HH: pad(t.getUTCHours()),
    mm: pad(t.getUTCMinutes()),
    ss: pad(t.getUTCSeconds()),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (k) => parts[k]!);
}
