import { useState } from 'react';
import type { WidgetEventMap, WidgetTheme } from '@zhipi/elements';
import { readLaunch } from './launch';

// Who is signed in comes from the portal's own server in a real portal (a zhipi token or an SSO launch).
const launch = readLaunch();
const theme: WidgetTheme = { colorPrimary: '#0a7d55' };

export function App() {
  const [status, setStatus] = useState('loading');
  const [opened, setOpened] = useState<WidgetEventMap['zp-task-open'] | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const onError = (event: CustomEvent<WidgetEventMap['zp-error']>) => setErrors((list) => [...list, `${event.detail.code}: ${event.detail.message}`]);

  return (
    <main style={{ maxWidth: 1200, margin: '0 auto', fontFamily: 'system-ui, sans-serif' }}>
      <h1>Partner portal · React 19</h1>
      <p className="status">{status}</p>
      {errors.length > 0 && <p className="errors">{errors.join('; ')}</p>}
      <zp-task-board
        id="board"
        apiBase={launch.apiBase}
        token={launch.token}
        ssoTicket={launch.ssoTicket}
        partnerId={launch.partnerId}
        lang="zh"
        theme={theme}
        onzp-ready={() => setStatus('ready')}
        onzp-task-open={(event) => setOpened(event.detail)}
        onzp-error={onError}
      />
      {opened && (
        <>
          <h2 className="opened">{opened.title}</h2>
          <zp-class-report
            id="report"
            apiBase={launch.apiBase}
            token={launch.token}
            lang="zh"
            taskId={opened.taskId}
            classId={opened.classId}
            mode="simple"
            theme={theme}
            onzp-error={onError}
          />
        </>
      )}
    </main>
  );
}
