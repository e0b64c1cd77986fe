// Preview page only: borrow the app's token from this origin's storage and log the element's events.
const raw = window.localStorage.getItem('pro__Access-Token');
const token = raw ? JSON.parse(raw).value : undefined;
const board = document.getElementById('board');
board.setAttribute('lang', window.__ZHIPI__?.lang ?? 'zh');
if (token) board.setAttribute('token', token);
const log = document.getElementById('log');
for (const name of ['zp-ready', 'zp-error', 'zp-auth-expired', 'zp-task-open', 'zp-navigate']) {
  board.addEventListener(name, (e) => {
    log.textContent += `${name} ${JSON.stringify(e.detail)}\n`;
  });
}
