import { ExceptionView } from './ExceptionView';

export default function NotFoundPage() {
  return <ExceptionView status="404" messageKey="exception.404" />;
}
