/**
 * How a sample essay names its author (spec: shown in class, initials beyond it): the full name to
 * readers of the student's own class, the surname with the rest masked ("张**") — or the initials of
 * a Latin-script name ("J. S.") — to everyone else, and nobody's name when the teacher hid it.
 */
export type NameAudience = 'inClass' | 'beyond';

export function sampleAuthorName(name: string, showName: boolean, audience: NameAudience, anonymous: string): string {
  const clean = name.trim();
  if (!showName || !clean) return anonymous;
  if (audience === 'inClass') return clean;
  return initialsOf(clean);
}

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (/^[\p{Script=Latin}\s.'-]+$/u.test(name)) return words.map((w) => `${w[0]!.toUpperCase()}.`).join(' ');
  const chars = [...name.replace(/\s+/g, '')];
  return chars[0] + '*'.repeat(Math.max(chars.length - 1, 1));
}
