/** Spec §2 login layout: browsers other than Chrome or Edge get a warning. */
export function isSupportedBrowser(userAgent: string): boolean {
  if (/Edg\//.test(userAgent)) return true;
  if (/OPR\/|Opera|SamsungBrowser|UCBrowser|QQBrowser|Firefox\/|FxiOS/.test(userAgent)) return false;
  return /(Headless)?Chrome\/|CriOS\//.test(userAgent);
}
