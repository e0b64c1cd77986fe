import { SsoEntry } from './SsoEntry';

/** /gohzyTY (basic-data platform launch → auth/tianyu/login). */
export default function GoHzyTyPage() {
  return <SsoEntry flow="tianyu" />;
}
