import { createHmac, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** Signed token carrying the session id; the session row decides whether it is still alive. */
export class TokenSigner {
  constructor(private readonly secret: Uint8Array) {}

  /** HMAC-SHA256 of a string with the token secret, base64url (signed file links). */
  mac(data: string): string {
    return createHmac('sha256', this.secret).update(data).digest('base64url');
  }

  newSessionId(): string {
    return randomUUID();
  }

  sign(sessionId: string, userId: number, expiresAt: Date): Promise<string> {
    return new SignJWT({ uid: userId })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(sessionId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .setIssuer('zhipi')
      .sign(this.secret);
  }

  /** The session id of a valid, unexpired token; null for anything else. */
  async verify(token: string): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, { issuer: 'zhipi', algorithms: ['HS256'] });
      return typeof payload.jti === 'string' ? payload.jti : null;
    } catch {
      return null;
    }
  }
}
