import { CorrectionPanelPage } from './CorrectionPanelPage';

/** /homework/correctComment?essayId=: the correction panel in the main layout. */
export default function CorrectCommentPage() {
  return <CorrectionPanelPage mode="review" top={236} />;
}
