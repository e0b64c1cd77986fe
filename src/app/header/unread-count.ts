import { useEffect, useState } from 'react';
import { useApp } from '../app-context';

/** How often the bell asks for new notifications (AI runs finishing, revised drafts arriving). */
const UNREAD_POLL_MS = 60_000;

/** Unread count for the bell, refreshed whenever the drawer closes and every minute. */
export function useUnreadCount(drawerOpen: boolean): number {
  const { platform } = useApp();
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (drawerOpen) return;
    let live = true;
    const refresh = () => platform.messages(0).then((list) => live && setCount(list.length)).catch(() => undefined);
    void refresh();
    const timer = setInterval(() => void refresh(), UNREAD_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [drawerOpen, platform]);
  return count;
}
