import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';

export interface RelyingParty {
  /** The domain passkeys are bound to (no scheme, no port). */
  id: string;
  /** The origin the browser must report: scheme, host and port. */
  origin: string;
  name: string;
}

/**
 * Whom passkeys belong to: the site at PUBLIC_URL when set, else the host the request came to,
 * so a demo on localhost works as is. (A passkey made for one host works only there; browsers
 * refuse IP addresses such as 127.0.0.1 as a relying party.)
 */
export function relyingParty(
  config: Pick<Config, 'appName' | 'publicUrl'>,
  request: Pick<FastifyRequest, 'hostname' | 'host' | 'protocol'>,
): RelyingParty {
  const name = config.appName;
  if (config.publicUrl) {
    const url = new URL(config.publicUrl);
    return { id: url.hostname, origin: url.origin, name };
  }
  return { id: request.hostname, origin: `${request.protocol}://${request.host}`, name };
}
