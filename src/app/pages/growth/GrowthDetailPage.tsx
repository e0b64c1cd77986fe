import { useMemo } from 'react';
import { Empty } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { growthApi } from '../../../core/api/endpoints/growth';
import { practiceApi } from '../../../core/api/endpoints/practice';
import { PracticeGrowthCard } from '../../../views/practice/PracticeGrowthCard';
import { GrowthProfile } from '../../../views/growth-profile';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';

/** /growingUp/detailGrouing?studentId=&semesterId=: one student's growth profile. */
export default function GrowthDetailPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { client } = useApp();
  const api = useMemo(() => growthApi(client), [client]);
  const practice = useMemo(() => practiceApi(client), [client]);
  const studentId = Number(params.get('studentId')) || 0;
  if (!studentId) return <Empty description={t('growth.pickStudent')} />;
  return (
    <>
      <GrowthProfile api={api} studentId={studentId} semesterId={params.get('semesterId') ?? undefined} onBack={() => navigate('/growingUp/index')} />
      {/* Practice (product-rules.md#practice) is AI-marked: its own series, never mixed into the graded essays above. */}
      <PracticeGrowthCard studentId={studentId} load={practice.growth} />
    </>
  );
}
