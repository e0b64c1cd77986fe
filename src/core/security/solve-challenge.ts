// Solves the server's proof-of-work challenge (altcha v2, the same library verifies it on the server)
// with Web Crypto, in the browser or in Node 20. No one types anything: the work is the whole test.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import type { z } from 'zod';
import type { powChallenge } from '../api/contracts/auth';

export type PowChallenge = z.infer<typeof powChallenge>;

/** The payload to send back as `captchaCode` (or `code` to auth/verify): Base64 of { challenge, solution }. */
export async function solvePowChallenge(challenge: PowChallenge, timeoutMs = 60_000): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: timeoutMs });
  if (!solution) throw new Error('challenge not solved in time');
  const json = JSON.stringify({ challenge, solution });
  const bytes = new TextEncoder().encode(json);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}
