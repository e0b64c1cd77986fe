// antd-mobile by path: the index's chunk carries ErrorBlock and Toast into every first load
import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import { ApiError } from '../../../core/api/client';
import { useT } from '../../../views/i18n/i18n-context';
import styles from './parent-report.css?inline';

const ERRORS: Record<string, ['parentLink.invalid' | 'parentLink.expired' | 'parentLink.revokedTitle', 'parentLink.invalidHint' | 'parentLink.expiredHint' | 'parentLink.revokedHint']> = {
  PARENT_LINK_EXPIRED: ['parentLink.expired', 'parentLink.expiredHint'],
  PARENT_LINK_REVOKED: ['parentLink.revokedTitle', 'parentLink.revokedHint'],
};

const LINK_CODES = new Set(['PARENT_LINK_INVALID', 'PARENT_LINK_EXPIRED', 'PARENT_LINK_REVOKED']);

/**
 * A parents' link that opens nothing (wrong, expired, revoked): what happened and what to do. A passing
 * failure (too many tries, no network, a server error) says so and offers a retry: the link is fine.
 */
export function ParentLinkError({ error }: { error: unknown }) {
  const t = useT();
  const code = error instanceof ApiError ? error.error : '';
  if (error instanceof ApiError && !LINK_CODES.has(code) && error.status !== 404) {
    return (
      <main className="pr-page" data-testid="parent-report-error" data-code={code}>
        <style>{styles}</style>
        <ErrorBlock status="busy" fullPage title={<h1 style={{ fontSize: 18 }}>{error.showMsg ?? error.message}</h1>} description={<span style={{ color: '#595959' }}>{t('parentLink.passingHint')}</span>}>
          <Button color="primary" onClick={() => window.location.reload()}>{t('parentLink.reload')}</Button>
        </ErrorBlock>
      </main>
    );
  }
  const [title, hint] = ERRORS[code] ?? ['parentLink.invalid', 'parentLink.invalidHint'];
  return (
    <main className="pr-page" data-testid="parent-report-error" data-code={code}>
      <style>{styles}</style>
      <ErrorBlock status="disconnected" fullPage title={<h1 style={{ fontSize: 18 }}>{t(title)}</h1>} description={<span style={{ color: '#595959' }}>{t(hint)}</span>} />
    </main>
  );
}
