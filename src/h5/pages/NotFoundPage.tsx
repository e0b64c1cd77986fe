// by path: the 'antd-mobile' index's chunk would come with it
import ErrorBlock from 'antd-mobile/es/components/error-block';
import { useT } from '../../views/i18n/i18n-context';

/** An unknown H5 path (a cut-off link): say so, and how to get back in. */
export default function NotFoundPage() {
  const t = useT();
  return <ErrorBlock status="empty" title={t('h5.notFound.title')} description={t('h5.notFound.desc')} />;
}
