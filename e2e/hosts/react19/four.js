// React 19 host of all four zhipi elements (e2e/widgets-state.spec.ts builds it with vite): one token
// for all four, switched like a portal's user switch. Properties (camelCase) and attributes (kebab) mixed.
import { createElement as h, useState, version } from 'react';
import { createRoot } from 'react-dom/client';

function Host() {
  const [state, setState] = useState({ shown: true, lang: 'zh', token: null, ...window.hostConfig });
  window.host = { set: (patch) => setState((s) => ({ ...s, ...patch })), get: () => state };
  if (!state.shown) return null;
  return h(
    'div',
    { className: 'portal-frame' },
    h('zp-task-board', { id: 'board', apiBase: state.apiBase, token: state.token, lang: state.lang, classId: state.boardClassId }),
    h('zp-correction-panel', { id: 'panel', 'api-base': state.apiBase, token: state.token, lang: state.lang, essayId: state.essayId }),
    h('zp-class-report', { id: 'report', apiBase: state.apiBase, token: state.token, lang: state.lang, taskId: state.reportTaskId, 'class-id': state.reportClassId, mode: 'full' }),
    h('zp-growth-profile', { id: 'growth', apiBase: state.apiBase, token: state.token, lang: state.lang, classId: state.growthClassId, semester: state.semester }),
  );
}

await Promise.all(['zp-task-board', 'zp-correction-panel', 'zp-class-report', 'zp-growth-profile'].map((tag) => customElements.whenDefined(tag)));
window.hostReactVersion = version;
createRoot(document.getElementById('root')).render(h(Host));
