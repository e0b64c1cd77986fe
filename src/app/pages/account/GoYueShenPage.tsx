import { SsoEntry } from './SsoEntry';

/** /goYueShen (teacher-education platform CAS ticket → auth/hzy/ssoLogin). */
export default function GoYueShenPage() {
  return <SsoEntry flow="hzy" />;
}
