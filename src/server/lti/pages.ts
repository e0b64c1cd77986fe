// The few pages the LTI endpoints answer a browser with (the launch is a form POST from the LMS, so an
// answer is a page, not JSON): a refusal in the reader's language, the deep-linking picker and the
// auto-submitting form that carries the signed response back to the LMS. Everything is escaped; the one
// script (submit the form) runs under a per-response CSP nonce.
import { translate, type Lang, type MessageKey } from '../../core/i18n/index';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(lang: Lang, title: string, body: string, nonce?: string, script?: string): string {
  return `<!doctype html><html lang="${lang === 'en' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font:15px/1.6 system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;max-width:720px;margin:40px auto;padding:0 16px;color:#1f1f1f}h1{font-size:20px}label{display:block;padding:8px 10px;border:1px solid #d9d9d9;border-radius:6px;margin:6px 0;cursor:pointer}button{margin-top:12px;padding:6px 18px;font-size:15px;border-radius:6px;border:0;background:#1677ff;color:#fff;cursor:pointer}button:focus-visible,label:focus-within{outline:2px solid #1677ff;outline-offset:2px}.hint{color:#595959}</style></head>
<body>${body}${script && nonce ? `<script nonce="${nonce}">${script}</script>` : ''}</body></html>`;
}

export function errorPage(lang: Lang, code: string, key: MessageKey, params?: Record<string, string | number>): string {
  const title = translate(lang, 'lti.page.errorTitle');
  return page(lang, title, `<main><h1>${esc(title)}</h1><p role="alert" data-code="${esc(code)}">${esc(translate(lang, key, params))}</p></main>`);
}

export interface PickOption {
  taskId: number;
  classId: number;
  title: string;
  className: string;
}

/** The picker: one radio per task and class; posting it (with the single-use code) places the task. */
export function pickerPage(lang: Lang, action: string, code: string, options: PickOption[]): string {
  const title = translate(lang, 'lti.page.pickTitle');
  if (!options.length) return page(lang, title, `<main><h1>${esc(title)}</h1><p>${esc(translate(lang, 'lti.page.noTasks'))}</p></main>`);
  const radios = options
    .map((o, i) => `<label><input type="radio" name="choice" value="${o.taskId}:${o.classId}"${i === 0 ? ' checked' : ''}> ${esc(o.title)} · ${esc(o.className)}</label>`)
    .join('');
  return page(
    lang,
    title,
    `<main><h1>${esc(title)}</h1><p class="hint">${esc(translate(lang, 'lti.page.pickHint'))}</p><form method="post" action="${esc(action)}"><input type="hidden" name="dl" value="${esc(code)}"><fieldset style="border:0;padding:0"><legend class="hint">${esc(title)}</legend>${radios}</fieldset><button type="submit">${esc(translate(lang, 'lti.page.place'))}</button></form></main>`,
  );
}

/** Posts `fields` to the LMS at once (a button for a browser without scripts). */
export function autoPostPage(lang: Lang, action: string, fields: Record<string, string>, nonce: string): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  return page(
    lang,
    translate(lang, 'lti.page.returning'),
    `<main><p>${esc(translate(lang, 'lti.page.returning'))}</p><form id="lti-return" method="post" action="${esc(action)}">${inputs}<button type="submit">${esc(translate(lang, 'lti.page.continue'))}</button></form></main>`,
    nonce,
    "document.getElementById('lti-return').submit();",
  );
}

/** The CSP of these pages: no outside scripts, forms only to this site and the LMS's return URL. */
export function ltiPageCsp(nonce: string, formTarget?: string): string {
  const formAction = ["'self'", ...(formTarget ? [new URL(formTarget).origin] : [])].join(' ');
  return ["default-src 'none'", `script-src 'nonce-${nonce}'`, "style-src 'unsafe-inline'", `form-action ${formAction}`, "base-uri 'none'", 'frame-ancestors *'].join('; ');
}
