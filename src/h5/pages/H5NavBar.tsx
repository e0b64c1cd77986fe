import { useEffect, useRef, type ReactNode } from 'react';
// by its own path: the 'antd-mobile' index brings a chunk with ErrorBlock and Toast into every page's first load
import NavBar from 'antd-mobile/es/components/nav-bar';
import { useT } from '../../views/i18n/i18n-context';

/**
 * antd-mobile's NavBar with a back control screen readers can name and keyboards can reach. The
 * library always renders its left slot as an unnamed `role=button` div (axe: aria-command-name, even
 * when there is no back) and puts the click on an inner div. Here the back is a real <button> named
 * 返回 / Back, shown only when there is somewhere to go back to, and the slot's role is taken off.
 */
export function H5NavBar({ onBack, right, children }: { onBack?: () => void; right?: ReactNode; children: ReactNode }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector('.adm-nav-bar-left')?.removeAttribute('role');
  });
  return (
    <div ref={box}>
      <NavBar
        back={null}
        left={
          onBack ? (
            <button type="button" className="zp-h5-back" aria-label={t('common.back')} onClick={onBack}>
              {/* the chevron antd-mobile draws (antd-mobile-icons is not a dependency of ours) */}
              <svg viewBox="0 0 48 48" width="1em" height="1em" aria-hidden="true" focusable="false">
                <path d="M31 6 13 24l18 18" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
          ) : null
        }
        right={right}
      >
        {children}
      </NavBar>
    </div>
  );
}
