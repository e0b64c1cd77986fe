import { SsoEntry } from './SsoEntry';

/** /goYueShenTwo (region platform signed link → auth/gz/ssoLogin). */
export default function GoYueShenTwoPage() {
  return <SsoEntry flow="gz" />;
}
