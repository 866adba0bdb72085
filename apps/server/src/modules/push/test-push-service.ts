import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service for tests, on 127.0.0.1: it records every request and answers each path with
 * the status given for it (201 otherwise). `Browser` is the other end: a subscription with a
 * real P-256 key pair and auth secret, which decrypts what it receives (RFC 8291).
 */

export interface PushRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export class TestPushService {
  private constructor(
    private readonly server: Server,
    readonly origin: string,
    readonly requests: PushRequest[],
    /** Status per path (0: no answer at all); 201 Created for any other. */
    readonly answers: Map<string, number>,
  ) {}

  /** `port` 0: any free one (a server under test must name the origin in PUSH_SERVICE_HOSTS). */
  static async start(port = 0): Promise<TestPushService> {
    const requests: PushRequest[] = [];
    const answers = new Map<string, number>();
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        const body = Buffer.concat(chunks);
        requests.push({ method: req.method ?? '', path, headers: req.headers, body });
        const status = answers.get(path) ?? 201;
        if (status !== 0) res.writeHead(status).end(); // 0: never answers
      });
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    const bound = (server.address() as AddressInfo).port;
    return new TestPushService(server, `http://127.0.0.1:${bound}`, requests, answers);
  }

  /** The requests made to one browser's endpoint. */
  to(browser: Browser): PushRequest[] {
    return this.requests.filter((r) => this.origin + r.path === browser.endpoint);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

export class Browser {
  private readonly ecdh: ECDH;
  readonly auth: Buffer;
  readonly endpoint: string;

  constructor(service: TestPushService, name: string) {
    this.ecdh = createECDH('prime256v1');
    this.ecdh.generateKeys();
    this.auth = randomBytes(16);
    this.endpoint = `${service.origin}/push/${name}`;
  }

  get publicKey(): Buffer {
    return this.ecdh.getPublicKey();
  }

  /** The subscription as a browser's `PushSubscription.toJSON()` has it. */
  get subscription() {
    return {
      endpoint: this.endpoint,
      keys: {
        p256dh: this.publicKey.toString('base64url'),
        auth: this.auth.toString('base64url'),
      },
    };
  }

  /** The same as form fields, as the app posts it. */
  get form(): Record<string, string> {
    const { endpoint, keys } = this.subscription;
    return { endpoint, 'keys[p256dh]': keys.p256dh, 'keys[auth]': keys.auth };
  }

  /** Decrypts an `aes128gcm` body (RFC 8188 framing, RFC 8291 keys): one record. */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const idLength = body[20]!;
    const serverKey = body.subarray(21, 21 + idLength);
    const cipher = body.subarray(21 + idLength);
    const shared = this.ecdh.computeSecret(serverKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.publicKey, serverKey]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, this.auth, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(cipher.subarray(cipher.length - 16));
    const plain = Buffer.concat([
      decipher.update(cipher.subarray(0, cipher.length - 16)),
      decipher.final(),
    ]);
    // The last record ends with the delimiter 0x02 and optional zero padding.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end -= 1;
    if (plain[end] !== 2) throw new Error('not the last record');
    return plain.subarray(0, end).toString('utf8');
  }
}

/**
 * The VAPID `Authorization` header (RFC 8292): `vapid t=<JWT>, k=<public key>`. Checks the
 * JWT's ES256 signature with `k` and returns its claims.
 */
export function vapidClaims(authorization: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!match) throw new Error(`not a VAPID header: ${authorization}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  return {
    k,
    signed,
    header: JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string },
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
      aud: string;
      exp: number;
      sub: string;
    },
  };
}
