/** product-rules.md#screens login layout: browsers other than Chrome or Edge get a warning. */
export function isSupportedBrowser(userAgent: string): boolean {
  if (/Edg\//.test(userAgent)) return true;
  if (/OPR\/|Opera|SamsungBrowser|UCBrowser|QQBrowser|Firefox\/|FxiOS/.test(userAgent)) return false;
  return /(Headless)?Chrome\/|CriOS\//.test(userAgent);
}

/** Phones and tablets, including WeChat's in-app browser, where parents and many teachers open zhipi. */
export function isMobileBrowser(userAgent: string): boolean {
  return /Mobi|Android|iPhone|iPad|iPod|MicroMessenger|HarmonyOS/i.test(userAgent);
}

/**
 * The spec's warning is for desktop browsers other than Chrome or Edge; on a phone (iOS Safari,
 * WeChat) there is no other browser to switch to, so it only covered the logo (product-rules.md#teacher-journey).
 */
export function shouldWarnBrowser(userAgent: string): boolean {
  return !isMobileBrowser(userAgent) && !isSupportedBrowser(userAgent);
}
