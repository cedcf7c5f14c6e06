import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** The test server's portal address (PORTAL_URL's default): passkeys are bound to its host name. */
export const TEST_ORIGIN = 'http://localhost:8000';

type CborValue = Parameters<typeof isoCBOR.encode>[0];

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const flags = { userPresent: 0x01, userVerified: 0x04, attestedCredential: 0x40 };

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

/**
 * A software authenticator for the API tests: an ES256 key made with node:crypto that answers
 * WebAuthn ceremonies as a browser hands them over (attestation "none"), for any origin and
 * host name a test names, so that a wrong one can be tried too.
 */
export class TestAuthenticator {
  readonly credentialId = randomBytes(32).toString('base64url');
  counter = 0;
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    const jwk = pair.publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: jwk.x!, y: jwk.y! };
  }

  private cosePublicKey(): Uint8Array {
    return isoCBOR.encode(
      new Map<number, unknown>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, new Uint8Array(Buffer.from(this.publicJwk.x, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(this.publicJwk.y, 'base64url'))],
      ]) as CborValue,
    );
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer to `navigator.credentials.create()` for the options a server handed out. */
  attest(options: { challenge: string }, { origin = TEST_ORIGIN, rpId = new URL(origin).hostname } = {}) {
    const credentialId = Buffer.from(this.credentialId, 'base64url');
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([flags.userPresent | flags.userVerified | flags.attestedCredential]),
      counterBytes(this.counter),
      Buffer.alloc(16), // AAGUID: none named
      idLength,
      credentialId,
      Buffer.from(this.cosePublicKey()),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as CborValue,
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge, origin).toString('base64url'),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
    };
  }

  /** The answer to `navigator.credentials.get()`: the next counter, signed with the key. */
  assert(options: { challenge: string }, { origin = TEST_ORIGIN, rpId = new URL(origin).hostname, counter = this.counter + 1 } = {}) {
    this.counter = counter;
    const authData = Buffer.concat([sha256(rpId), Buffer.from([flags.userPresent | flags.userVerified]), counterBytes(counter)]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
      },
    };
  }
}
