// React 19 host of zhipi's elements (e2e/widgets-hosts.spec.ts builds it with vite). React 19 sets a
// property when the custom element has one (camelCase names) and an attribute otherwise (kebab names):
// both ways are used below.
import { createElement as h, useState, version } from 'react';
import { createRoot } from 'react-dom/client';

function Host() {
  const [state, setState] = useState({ shown: true, lang: 'zh', readonly: false, panelToken: null, ...window.hostConfig });
  window.host = { set: (patch) => setState((s) => ({ ...s, ...patch })), get: () => state };
  if (!state.shown) return null;
  return h(
    'div',
    { className: 'portal-frame' },
    h('zp-task-board', {
      id: 'board',
      'api-base': state.apiBase,
      ssoTicket: state.launch,
      'partner-id': state.partnerId,
      lang: state.lang,
      classId: state.classId,
      readonly: state.readonly,
      theme: state.theme,
    }),
    h('zp-correction-panel', {
      id: 'panel',
      apiBase: state.apiBase,
      token: state.panelToken,
      lang: state.lang,
      essayId: state.essayId,
      taskId: state.taskId,
      'class-id': state.classId,
      readonly: state.readonly,
      mode: state.mode,
      theme: state.theme,
    }),
  );
}

// React 19 sets a property only on an element that is already defined (else an attribute: an object
// would arrive as "[object Object]"): render once zhipi's elements are (docs/widgets.md "React 19").
await Promise.all(['zp-task-board', 'zp-correction-panel'].map((tag) => customElements.whenDefined(tag)));
// the spec checks this: without this package's own node_modules the build resolves the app's React 18
window.hostReactVersion = version;
createRoot(document.getElementById('root')).render(h(Host));
