import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { Config } from '../../config.ts';
import { isLoopback } from '../../lib/loopback.ts';

/** Who may read /metrics: this machine, `METRICS_ALLOW`'s addresses, or `METRICS_TOKEN`'s bearer. */
export function metricsAccess(config: Pick<Config, 'metricsAllow' | 'metricsToken'>) {
  const allowed = new BlockList();
  for (const item of config.metricsAllow) {
    const [address = '', bits] = item.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) allowed.addAddress(address, type);
    else allowed.addSubnet(address, Number(bits), type);
  }
  const token = config.metricsToken && Buffer.from(`Bearer ${config.metricsToken}`);
  const fromAllowed = (ip: string) => {
    const v4 = ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
    return allowed.check(v4, isIP(v4) === 6 ? 'ipv6' : 'ipv4');
  };
  /** 200 to read, 401 for a wrong bearer token, 403 for an address not allowed. */
  return (ip: string, authorization: string | undefined): 200 | 401 | 403 => {
    if (authorization && token) {
      const given = Buffer.from(authorization);
      return given.length === token.length && timingSafeEqual(given, token) ? 200 : 401;
    }
    return isLoopback(ip) || fromAllowed(ip) ? 200 : authorization ? 401 : 403;
  };
}
