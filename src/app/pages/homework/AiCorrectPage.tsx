import { CorrectionPanelPage } from './CorrectionPanelPage';

/** /homework/aiCorrect?essayId=: the same panel with the AI's result and the re-run first. */
export default function AiCorrectPage() {
  return <CorrectionPanelPage mode="ai" top={236} />;
}
