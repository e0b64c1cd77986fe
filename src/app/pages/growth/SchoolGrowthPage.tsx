import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { growthApi } from '../../../core/api/endpoints/growth';
import { GrowthProfile, GrowthTable } from '../../../views/growth-profile';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';

/**
 * /teachingAdmin/detailGrouing: the headmaster's growth records across the school's classes (campus,
 * grade and class filters); `?studentId=` shows one student's profile on the same page.
 */
export default function SchoolGrowthPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const { client, classes } = useApp();
  const api = useMemo(() => ({ growth: growthApi(client), classes }), [client, classes]);
  const studentId = Number(params.get('studentId')) || 0;
  return (
    <>
      {studentId ? <GrowthProfile api={api.growth} studentId={studentId} semesterId={params.get('semesterId') ?? undefined} onBack={() => setParams({})} /> : null}
      {/* the table stays mounted under the profile so its filters and page survive a look at a student */}
      <div style={studentId ? { display: 'none' } : undefined}>
        <GrowthTable api={api} schoolWide title={t('growth.headmaster.title')} onOpen={(r) => setParams({ studentId: String(r.studentId), semesterId: r.semesterId })} />
      </div>
    </>
  );
}
