import './loader';

// Preview page only: borrow the app's token from this origin's storage and log the element's events.
const raw = window.localStorage.getItem('pro__Access-Token');
const token = raw ? (JSON.parse(raw) as { value?: string }).value : undefined;
const board = document.getElementById('board')!;
const lang = (window as { __ZHIPI__?: { lang?: string } }).__ZHIPI__?.lang ?? 'zh';
board.setAttribute('lang', lang);
if (token) board.setAttribute('token', token);
const log = document.getElementById('log')!;
for (const name of ['zp-ready', 'zp-error', 'zp-auth-expired', 'zp-task-open', 'zp-navigate']) {
  board.addEventListener(name, (e) => {
    log.textContent += `${name} ${JSON.stringify((e as CustomEvent).detail)}\n`;
  });
}
