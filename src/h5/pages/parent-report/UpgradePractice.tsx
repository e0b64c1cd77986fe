import { useState } from 'react';
// antd-mobile by path (src/h5/README.md)
import DotLoading from 'antd-mobile/es/components/dot-loading';
import type { UpgradeResult } from '../../../core/api/contracts/upgrade';
import { ApiError } from '../../../core/api/client';
import { useT } from '../../../views/i18n/i18n-context';

/** Sentences of the essay a pupil can tap (the short ones say too little to rewrite). */
export function essaySentences(transcript: string): string[] {
  return (transcript.match(/[^。！？!?\n]+[。！？!?…”’」]*/gu) ?? []).map((s) => s.trim()).filter((s) => [...s].length >= 6);
}

/**
 * 升格 for the pupil on their released essay: tap a sentence, read up to three rewrites that keep its
 * meaning and raise the language, with what changed. A lazy chunk: loaded when the pupil opens it.
 */
export default function UpgradePractice(props: { transcript: string; load(text: string): Promise<UpgradeResult> }) {
  const t = useT();
  const [picked, setPicked] = useState<string | null>(null);
  const [answer, setAnswer] = useState<UpgradeResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pick = async (s: string) => {
    setPicked(s);
    setAnswer(null);
    setError(null);
    try {
      setAnswer(await props.load(s));
    } catch (e) {
      setError(e instanceof ApiError && e.message ? e.message : t('parentReport.upgradeFailed'));
    }
  };
  return (
    <div className="pr-upgrade" data-testid="parent-upgrade">
      <p className="pr-muted">{t('parentReport.upgradeHint')}</p>
      <ol className="pr-upgrade-sentences">
        {essaySentences(props.transcript).map((s, i) => (
          <li key={i}>
            <button type="button" className={s === picked ? 'is-picked' : undefined} aria-pressed={s === picked} onClick={() => void pick(s)} data-testid="parent-upgrade-sentence">
              {s}
            </button>
            {s === picked && (
              <div className="pr-upgrade-answer" aria-live="polite">
                {error ? (
                  <p role="alert">{error}</p>
                ) : !answer ? (
                  <DotLoading />
                ) : answer.suggestions.length === 0 ? (
                  <p className="pr-muted">{t('parentReport.upgradeNone')}</p>
                ) : (
                  <ul>
                    {answer.suggestions.map((u, k) => (
                      <li key={k} data-testid="parent-upgrade-item">
                        <p>{u.text}</p>
                        <p className="pr-muted">{u.note}</p>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
