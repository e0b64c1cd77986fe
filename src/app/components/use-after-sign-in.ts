import { useNavigate } from 'react-router-dom';
import type { TokenResponse } from '../../core/api/contracts/auth';
import { landingPath } from '../../core/session/landing';
import { useApp } from '../app-context';

/** Where a fresh sign-in goes: identity choice, first-password page, the redirect, or the landing. */
export function useAfterSignIn() {
  const navigate = useNavigate();
  const { session } = useApp();
  return (res: TokenResponse, redirect: string | null) => {
    session.signIn(res.token, res.user);
    const u = res.user;
    const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
    if (res.chooseIdentity) navigate(`/selectCharacter${query}`, { replace: true });
    else if (u.mustChangePassword) navigate(`/initialUser${query}`, { replace: true });
    else navigate(redirect || landingPath({ limitStatus: u.limit.status, category: u.category, roleId: u.roleId }), { replace: true });
  };
}

/** Only in-app paths are honoured as redirects (no open redirect to another site). */
export function safeRedirect(value: string | null): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : null;
}
