import { CorrectionPanelPage } from './CorrectionPanelPage';

/** /homework/correctCommentInfo?essayId=: the panel standalone, in the blank layout (no menu, no tabs). */
export default function CorrectCommentInfoPage() {
  return (
    <div style={{ padding: 12, background: '#f0f2f5', minHeight: '100vh' }}>
      <CorrectionPanelPage mode="review" top={104} />
    </div>
  );
}
