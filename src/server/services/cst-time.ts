const pad = (n: number) => String(n).padStart(2, '0');

/** product-rules.md#limits date format YYYY-MM-DD HH:mm:ss, in China Standard Time (the schools' zone). */
export function formatCst(d: Date): string {
  const t = new Date(d.getTime() + 8 * 3600_000);
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
}
