import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { growthApi } from '../../../core/api/endpoints/growth';
import { GrowthTable } from '../../../views/growth-profile';
import { useApp } from '../../app-context';

/** /growingUp/index (成长档案): the growth table of the teacher's classes; a student opens their profile. */
export default function GrowthIndexPage() {
  const navigate = useNavigate();
  const { client, classes } = useApp();
  const api = useMemo(() => ({ growth: growthApi(client), classes }), [client, classes]);
  return <GrowthTable api={api} onOpen={(r) => navigate(`/growingUp/detailGrouing?studentId=${r.studentId}&semesterId=${r.semesterId}`)} />;
}
