/**
 * Fills `{name}` placeholders; unknown placeholders stay visible so a missing value is noticed.
 * `{name|one|other}` is a counted noun for English: "1 essay", "2 essays" (the number, then the form).
 * Shared by the server's synchronous translate (index.ts) and the browser's (catalogue-store.ts).
 */
export function fillPlaceholders(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)(?:\|([^|{}]*)\|([^|{}]*))?\}/g, (whole, name: string, one?: string, other?: string) => {
    if (!(name in params)) return whole;
    const value = params[name];
    if (one === undefined) return String(value);
    return `${value} ${Number(value) === 1 ? one : other}`;
  });
}
