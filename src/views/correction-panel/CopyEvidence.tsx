import type { ReviewWorkspace } from '../../core/api/contracts/review';
import { useT } from '../i18n/i18n-context';

type Match = NonNullable<ReviewWorkspace['correction']['flags'][number]['match']>;

/** A copy flag's matching passages side by side: this essay's words and the other essay's. */
export function CopyEvidence({ match }: { match: Match }) {
  const t = useT();
  if (!match.passages?.length) return null;
  const theirs = t(match.source === 'sample' ? 'panel.copyTheirsSample' : 'panel.copyTheirs', { name: match.studentName, className: match.className, title: match.taskTitle });
  return (
    <table className="zp-cp-copy" data-testid="cp-copy-evidence">
      <thead>
        <tr>
          <th scope="col">{t('panel.copyMine')}</th>
          <th scope="col">{theirs}</th>
        </tr>
      </thead>
      <tbody>
        {match.passages.map((p) => (
          <tr key={`${p.mine[0]}-${p.theirs[0]}`}>
            <td>{p.mineText}</td>
            <td>{p.theirsText}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
