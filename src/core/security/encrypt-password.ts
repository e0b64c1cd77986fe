/**
 * Encrypts a password field with the server's RSA public key (RSA-OAEP, SHA-256) and returns it
 * Base64-encoded, as product-rules.md#api asks of changePassWord. Web Crypto exists in browsers and Node alike.
 */
export async function encryptPassword(plain: string, publicKeySpkiBase64: string): Promise<string> {
  const der = Uint8Array.from(atob(publicKeySpkiBase64), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const cipher = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(plain));
  let binary = '';
  for (const byte of new Uint8Array(cipher)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
