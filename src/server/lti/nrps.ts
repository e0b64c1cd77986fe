// Names and Role Provisioning Services 2.0: the context's membership, page by page (the platform's
// `Link: <…>; rel="next"` header), as application/vnd.ims.lti-nrps.v2.membershipcontainer+json.
import { z } from 'zod';
import type { Executor } from '../db/database';
import type { LtiPlatformRow } from '../repositories/lti';
import { MEDIA, SCOPE } from './claims';
import { PlatformCallError, platformFetch } from './platform-token';

const member = z.object({
  user_id: z.string().min(1).max(255),
  roles: z.array(z.string()),
  status: z.string().optional(),
  name: z.string().max(200).optional(),
  given_name: z.string().max(100).optional(),
  family_name: z.string().max(100).optional(),
  email: z.string().max(320).optional(),
});
const container = z.object({ members: z.array(member) });
export type Member = z.infer<typeof member>;

const MAX_PAGES = 50;

function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const m = /<([^>]+)>\s*;\s*rel="?next"?/i.exec(part);
    if (m) return m[1]!;
  }
  return null;
}

export async function fetchMembers(db: Executor, platform: LtiPlatformRow, membershipsUrl: string, now: Date): Promise<Member[]> {
  const out: Member[] = [];
  let url: string | null = membershipsUrl;
  const origin = new URL(membershipsUrl).origin;
  for (let page = 0; url && page < MAX_PAGES; page++) {
    const res = await platformFetch(db, platform, [SCOPE.membership], url, { method: 'GET', accept: MEDIA.membership }, now);
    if (!res.ok) throw new PlatformCallError(`membership GET answered ${res.status}`, res.status);
    const parsed = container.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new PlatformCallError('membership answer is not a membership container', res.status);
    out.push(...parsed.data.members);
    const next = nextLink(res.headers.get('link'));
    // Only follow pages on the same service: a next link elsewhere would get our bearer token.
    url = next && new URL(next, url).origin === origin ? new URL(next, url).toString() : null;
  }
  return out;
}
