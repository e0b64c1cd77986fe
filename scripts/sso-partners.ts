/**
 * Operator CLI for SSO partners (docs/widgets.md "Single sign-on"). Uses the same database as the
 * server (DATABASE_URL, else PGlite in DATA_DIR). On PGlite only one process may open the database: while
 * the server runs, the command is handed to it (DATA_DIR/operator.json, routes/operator.ts); otherwise
 * the CLI opens the database itself.
 *
 *   node --import tsx scripts/sso-partners.ts list
 *   node --import tsx scripts/sso-partners.ts add --id hzy-wh --kind hzy --name "某教师教育平台" --school 智批实验学校 \
 *        [--endpoint https://cas.partner.example/cas] [--origin https://portal.partner.example ...]
 *   node --import tsx scripts/sso-partners.ts secret --id hzy-wh              # rotate: prints the new secret once
 *   node --import tsx scripts/sso-partners.ts origins --id hzy-wh --origin https://a.example --origin https://b.example
 *   node --import tsx scripts/sso-partners.ts enable|disable --id hzy-wh
 *   node --import tsx scripts/sso-partners.ts link --id hzy-wh --user <partner user id> --username teacher01 [--role 2]
 *   node --import tsx scripts/sso-partners.ts unlink --id hzy-wh --user <partner user id>
 *   node --import tsx scripts/sso-partners.ts links --id hzy-wh
 *
 * `add` generates the shared secret and prints it once: hand it to the partner over a safe channel.
 * Running servers pick up new partner origins for CORS within 60 s.
 */
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { readOperatorFile } from '../src/server/operator-file';
import { PartnerAdminError, runPartnerCommand, type PartnerCommand } from '../src/server/services/sso-partner-admin';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    id: { type: 'string' },
    kind: { type: 'string' },
    name: { type: 'string' },
    school: { type: 'string' },
    endpoint: { type: 'string' },
    origin: { type: 'string', multiple: true },
    user: { type: 'string' },
    username: { type: 'string' },
    role: { type: 'string' },
  },
});
const command: PartnerCommand = { command: positionals[0] ?? '', ...values };

function refuse(message: string): never {
  console.error(message);
  process.exit(2);
}

/** The running server's answer, or undefined when no server of this data folder answers. */
async function viaServer(dataDir: string): Promise<string | undefined> {
  const channel = readOperatorFile(dataDir);
  if (!channel) return undefined;
  let res: Response;
  try {
    res = await fetch(`${channel.url}/correction-api/operator/sso-partners`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${channel.token}` },
      body: JSON.stringify(command),
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    return undefined; // a file left by a server that is gone
  }
  const answer = (await res.json().catch(() => ({}))) as { output?: string; refused?: string; message?: string };
  if (res.ok && typeof answer.output === 'string') return answer.output;
  return refuse(answer.refused ?? answer.message ?? `the server answered ${res.status}`);
}

const config = loadConfigOrExit();
const fromServer = config.databaseUrl ? undefined : await viaServer(config.dataDir);
if (fromServer !== undefined) {
  if (fromServer) console.log(fromServer);
} else {
  const database = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir });
  try {
    const out = await runPartnerCommand(database.db, command);
    if (out) console.log(out);
  } catch (err) {
    if (err instanceof PartnerAdminError) {
      await database.close();
      refuse(err.message);
    }
    throw err;
  } finally {
    await database.close();
  }
}
