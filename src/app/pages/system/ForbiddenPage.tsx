import { ExceptionView } from './ExceptionView';

export default function ForbiddenPage() {
  return <ExceptionView status="403" messageKey="exception.403" />;
}
