/**
 * Bearer tokens an attacker could make from a genuine one without the service's key: a changed
 * signature, changed claims under the old signature, or no signature at all (`alg: none`).
 */
const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function claimsOf(token: string): Record<string, unknown> {
  return decode(token.split('.')[1]);
}

/**
 * The same token with its signature's first character changed. (The last character of a base64url
 * HMAC-SHA256 carries padding bits: changing it may leave the decoded bytes as they were.)
 */
export function withTamperedSignature(token: string): string {
  const [head, claims, signature] = token.split('.');
  return `${head}.${claims}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
}

/** Other claims (another account, a later expiry) under the genuine token's signature. */
export function withClaims(token: string, change: Record<string, unknown>): string {
  const [head, claims, signature] = token.split('.');
  return `${head}.${encode({ ...decode(claims), ...change })}.${signature}`;
}

/** The genuine claims, declared unsigned. */
export function unsigned(token: string): string {
  return `${encode({ alg: 'none', typ: 'JWT' })}.${token.split('.')[1]}.`;
}
