/**
 * Cookie flags. Every cookie the site or its API sets is HttpOnly and SameSite=Lax, and Secure
 * whenever the site is served over HTTPS: in production behind a TLS-terminating host the app
 * itself sees plain HTTP, so "HTTPS" means the request says so (X-Forwarded-Proto: https) or the
 * configured public address (SITE_URL) is https.
 */
export function isHttpsDeployment({ forwardedProto, siteUrl }: { forwardedProto?: string | null; siteUrl?: string }): boolean {
  if (forwardedProto?.split(',')[0]?.trim().toLowerCase() === 'https') return true;
  return siteUrl?.trim().toLowerCase().startsWith('https://') ?? false;
}

/** Adds the missing HttpOnly, SameSite=Lax and (when `secure`) Secure attributes to a Set-Cookie line. */
export function hardenSetCookie(line: string, { secure }: { secure: boolean }): string {
  const [pair = '', ...rest] = line.split(';');
  const attributes = rest.map((a) => a.trim()).filter(Boolean);
  const has = (name: string) => attributes.some((a) => a.split('=')[0]?.trim().toLowerCase() === name);
  if (!has('httponly')) attributes.push('HttpOnly');
  if (!has('samesite')) attributes.push('SameSite=Lax');
  if (secure && !has('secure')) attributes.push('Secure');
  return [pair.trim(), ...attributes].join('; ');
}
