// The demo partner portal's own script: what a partner writes to embed zhipi (docs/widgets.md).
// It signs its users in through the stand-in partner's server (POST /demo-partner/launch → a signed,
// single-use launch), hands each element its own launch as sso-ticket, logs every element event,
// and wires the elements together: a task opened on the board opens in the panel, an approval in
// the panel refreshes the board.
const EVENTS = ['zp-ready', 'zp-error', 'zp-auth-expired', 'zp-task-open', 'zp-essay-open', 'zp-approved', 'zp-navigate'];
const API = '/correction-api/platform-system';
const $ = (id) => document.getElementById(id);

const board = $('board');
const panel = $('panel');
const boardB = $('board-b');
const report = $('report');
const growth = $('growth');
const panelSlot = $('panel-slot');
const log = $('log');
const portalUser = { [board.id]: 'p-teacher01', [panel.id]: 'p-teacher01', [boardB.id]: 'p-teacherB01', [report.id]: 'p-teacher01', [growth.id]: 'p-teacher01' };

/** The partner's server signs a launch for one of its users (in a real portal: its own backend). */
async function launchFor(user) {
  const res = await fetch('/demo-partner/launch', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user }) });
  if (!res.ok) throw new Error(`launch for ${user}: HTTP ${res.status}`);
  return res.json();
}

/** Signs an element in: a fresh launch of its portal user as sso-ticket (a launch works once). */
async function signIn(el) {
  const { partnerId, launch } = await launchFor(portalUser[el.id]);
  el.token = null; // a token property wins over sso-ticket (never in the DOM: no attribute to remove)
  el.setAttribute('partner-id', partnerId);
  el.setAttribute('sso-ticket', launch);
}

/**
 * "Expire" an element's session the way it happens in life: the token it holds stops working. The
 * portal signs a launch, exchanges it for a zhipi token, revokes that token (logout) and gives it to
 * the element; its next call answers 401 and the element fires zp-auth-expired.
 */
async function expire(el) {
  const { partnerId, launch } = await launchFor(portalUser[el.id]);
  const exchange = await fetch(`${API}/auth/sso/exchange`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ partnerId, launch }) });
  const { data } = await exchange.json();
  await fetch(`${API}/auth/logout`, { method: 'DELETE', headers: { authorization: `Bearer ${data.token}` } });
  el.setAttribute('token', data.token);
}

function record(source, name, detail) {
  const li = document.createElement('li');
  const time = new Date().toLocaleTimeString('en-GB');
  li.innerHTML = `${time} <b></b> <i></i> <code></code>`;
  li.querySelector('b').textContent = name;
  li.querySelector('i').textContent = `#${source}`;
  li.querySelector('code').textContent = JSON.stringify(detail);
  li.dataset.event = name;
  li.dataset.source = source;
  log.prepend(li);
}

for (const el of [board, panel, boardB, report, growth]) {
  for (const name of EVENTS) el.addEventListener(name, (e) => record(el.id, name, e.detail));
}

// The host routes: a task opened on the board opens its first essay in the panel.
board.addEventListener('zp-task-open', (e) => {
  $('task-id').value = e.detail.taskId;
  $('class-id').value = e.detail.classId;
  $('essay-id').value = '';
  openInPanel();
  // the class report of the same task and class
  report.setAttribute('task-id', e.detail.taskId);
  report.setAttribute('class-id', e.detail.classId);
});
panel.addEventListener('zp-essay-open', (e) => {
  $('essay-id').value = e.detail.essayId;
  $('task-id').value = e.detail.taskId;
  $('class-id').value = e.detail.classId;
});
// Nobody re-fetches on their own: the host tells the board that something changed.
panel.addEventListener('zp-approved', () => board.refresh());
// A refused or revoked token: the portal signs the element in again (a real portal might re-authenticate its user first).
for (const el of [board, panel, boardB, report, growth]) el.addEventListener('zp-auth-expired', () => void signIn(el));

function openInPanel() {
  const set = (name, value) => (value ? panel.setAttribute(name, value) : panel.removeAttribute(name));
  set('task-id', $('task-id').value);
  set('class-id', $('class-id').value);
  set('essay-id', $('essay-id').value);
}

const on = (id, handler) =>
  $(id).addEventListener('click', (e) => {
    e.preventDefault();
    handler(e);
  });
on('apply-ids', openInPanel);
on('refresh-board', () => board.refresh());
on('expire-board', () => void expire(board));
on('expire-panel', () => void expire(panel));
on('clear-log', () => log.replaceChildren());
on('toggle-panel', (e) => {
  if (panel.isConnected) {
    panel.remove();
    e.target.textContent = 'Re-add panel';
  } else {
    panelSlot.append(panel);
    e.target.textContent = 'Remove panel';
  }
});
on('lang-toggle', (e) => {
  const lang = board.getAttribute('lang') === 'en' ? 'zh' : 'en';
  for (const el of [board, panel, boardB, report, growth]) el.setAttribute('lang', lang);
  e.target.textContent = lang === 'en' ? '中文' : 'English';
});

// The second board shows the portal's brand colour through the theme JSON property.
boardB.theme = { colorPrimary: '#00695c' };
$('who').textContent = 'p-teacher01 (and p-teacherB01 below)';
await Promise.all([board, panel, boardB, report, growth].map(signIn));
