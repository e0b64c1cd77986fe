// Built profiles kept in memory as JSON, per student, semester and language, valid while the
// student's growth record is unchanged: every approval or cancelled approval recomputes the record
// (a new updated_at), so a stale profile is never served, and each server process checks the stamp
// it reads from the database (several servers stay consistent). The record itself (name, class) is
// rebuilt on every request; only the part built from the essays is cached.
import type { GrowthProfile } from '../../core/api/contracts/growth';

const MAX = 500;
type Rest = Omit<GrowthProfile, 'record' | 'semester'>;

export class GrowthProfileCache {
  private readonly entries = new Map<string, { stamp: string; json: Buffer }>();

  get(key: string, stamp: string): Buffer | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.stamp !== stamp) return undefined;
    // most recently used last
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.json;
  }

  /**
   * Stores the essay-built part of a profile; answers its JSON (an object body without braces) as
   * UTF-8 bytes, kept encoded: re-encoding ~130 KB of mostly Chinese text was a good part of an answer's CPU.
   */
  set(key: string, stamp: string, rest: Rest): Buffer {
    const json = Buffer.from(JSON.stringify(rest).slice(1, -1));
    this.entries.set(key, { stamp, json });
    if (this.entries.size > MAX) this.entries.delete(this.entries.keys().next().value!);
    return json;
  }
}

const TAIL = Buffer.from('}}');
/** The success envelope of a profile as UTF-8 JSON, from its record and semester and the cached rest. */
export function profileEnvelope(record: GrowthProfile['record'], semester: GrowthProfile['semester'], restJson: Buffer): Buffer {
  const head = Buffer.from(`{"code":200,"message":"ok","data":{"record":${JSON.stringify(record)},"semester":${JSON.stringify(semester)}${restJson.length ? ',' : ''}`);
  return Buffer.concat([head, restJson, TAIL]);
}
