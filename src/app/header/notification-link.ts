/**
 * The in-app path a notification's link opens: the app's base /teaching is dropped, and anything that
 * is not a same-origin path (another site, a protocol-relative URL) is not followed.
 */
export function appPathOf(link: string | null | undefined): string | null {
  if (!link || !link.startsWith('/') || link.startsWith('//') || link.startsWith('/\\')) return null;
  const path = link.replace(/^\/teaching(?=\/|\?|$)/, '');
  return path.startsWith('/') ? path : `/${path}`;
}
