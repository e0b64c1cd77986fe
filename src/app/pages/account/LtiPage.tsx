import { SsoEntry } from './SsoEntry';

/** /lti (an LTI 1.3 launch's hand-off code → lti/session, docs/lti.md). */
export default function LtiPage() {
  return <SsoEntry flow="lti" />;
}
