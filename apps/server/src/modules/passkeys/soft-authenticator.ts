import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

type Cbor = Parameters<typeof isoCBOR.encode>[0];

/**
 * A software passkey authenticator for tests: it answers the server's options the way a phone
 * or a security key would (ES256, "none" attestation, user present and verified), so the tests
 * go through SimpleWebAuthn's real verification.
 */
export function softAuthenticator(origin: string) {
  const keys = new Map<string, { privateKey: KeyObject; userHandle: string; counter: number }>();
  const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
  const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const authData = (rpId: string, flags: number, counter: number, rest = Buffer.alloc(0)) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, rest]);
  };
  const UP = 0x01;
  const UV = 0x04;
  const AT = 0x40;

  return {
    /** navigator.credentials.create: a new key pair kept for the user, answered as JSON. */
    create(options: { challenge: string; rp: { id?: string }; user: { id: string } }) {
      const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const cose = new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]);
      const id = randomBytes(16);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, id, isoCBOR.encode(cose)]);
      const data = authData(options.rp.id!, UP | UV | AT, 0, attested);
      const attestation = isoCBOR.encode(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', new Uint8Array(data)],
        ]),
      );
      keys.set(b64(id), { privateKey, userHandle: options.user.id, counter: 0 });
      return {
        id: b64(id),
        rawId: b64(id),
        type: 'public-key',
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge)),
          attestationObject: b64(attestation),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },

    /** navigator.credentials.get with no account: signs with the passkey `id` (or the first). */
    get(options: { challenge: string; rpId?: string }, id = [...keys.keys()][0]!) {
      const key = keys.get(id)!;
      key.counter += 1;
      const data = authData(options.rpId!, UP | UV, key.counter);
      const client = clientData('webauthn.get', options.challenge);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), key.privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64(client),
          authenticatorData: b64(data),
          signature: b64(signature),
          userHandle: key.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
