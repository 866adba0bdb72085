import type { Config } from '../../config.ts';

export interface RelyingParty {
  /** The domain passkeys are bound to (no scheme, no port). */
  id: string;
  /** The origin the browser must report: scheme, host and port. */
  origin: string;
  name: string;
}

/**
 * Whom passkeys belong to: the site at PUBLIC_URL when set, else the host the request came to
 * (routes pass the request as the `site`),
 * so a demo on localhost works as is. (A passkey made for one host works only there; browsers
 * refuse IP addresses such as 127.0.0.1 as a relying party.)
 */
export function relyingParty(
  config: Pick<Config, 'appName' | 'publicUrl'>,
  site: { hostname: string; host: string; protocol: string },
): RelyingParty {
  const name = config.appName;
  if (config.publicUrl) {
    const url = new URL(config.publicUrl);
    return { id: url.hostname, origin: url.origin, name };
  }
  return { id: site.hostname, origin: `${site.protocol}://${site.host}`, name };
}
