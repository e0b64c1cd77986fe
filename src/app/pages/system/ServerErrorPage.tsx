import { ExceptionView } from './ExceptionView';

export default function ServerErrorPage() {
  return <ExceptionView status="500" messageKey="exception.500" />;
}
