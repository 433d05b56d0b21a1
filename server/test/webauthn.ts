import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

// A software passkey for API tests: what an authenticator and the browser make of navigator.credentials
// create() and get() — an ES256 key pair, the authenticator data, the client data and the signature —
// so the server's checks (the library's) run on real WebAuthn messages. Chromium's virtual
// authenticator does the same in the browser tests (e2e/sign-in-factors.spec.ts).

const b64 = (bytes: Uint8Array | Buffer) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

/** The challenge of a server's options (PublicKeyCredential*OptionsJSON). */
type Options = { challenge: string; rp?: { id?: string }; rpId?: string };

export type SoftPasskey = {
  credentialId: string;
  /** A registration response for options from POST /api/profile/passkeys/options. */
  register(options: Options, opts?: { origin?: string; rpId?: string }): object;
  /** A sign-in response for options from POST /api/auth/passkey/options. */
  signIn(options: Options, opts?: { origin?: string; rpId?: string; userVerified?: boolean; counter?: number; challenge?: string }): object;
  /** The signature counter the next sign-in sends (it goes up by one each time unless given). */
  counter: number;
};

/** A new passkey for the site at `origin` (the app's APP_URL). */
export function softPasskey(origin: string, opts: { counter?: number } = {}): SoftPasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, isoBase64URL.toBuffer(jwk.x!)],
    [-3, isoBase64URL.toBuffer(jwk.y!)],
  ]);
  const id = randomBytes(32);
  const rpHost = new URL(origin).hostname;
  const passkey: SoftPasskey = {
    credentialId: b64(id),
    counter: opts.counter ?? 1,
    register(options, o = {}) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const authData = Buffer.concat([
        sha256(o.rpId ?? rpHost),
        Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
        Buffer.alloc(4), // counter 0 at creation
        Buffer.alloc(16), // AAGUID: none
        idLength,
        id,
        Buffer.from(isoCBOR.encode(cose)),
      ]);
      const clientData = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: o.origin ?? origin, crossOrigin: false });
      const attestation = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', new Uint8Array(authData)]]) as never);
      return {
        id: b64(id),
        rawId: b64(id),
        type: 'public-key',
        response: { clientDataJSON: b64(Buffer.from(clientData)), attestationObject: b64(attestation), transports: ['internal'] },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    signIn(options, o = {}) {
      const counter = o.counter ?? passkey.counter++;
      const count = Buffer.alloc(4);
      count.writeUInt32BE(counter);
      const authData = Buffer.concat([sha256(o.rpId ?? rpHost), Buffer.from([FLAG_UP | (o.userVerified === false ? 0 : FLAG_UV)]), count]);
      const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: o.challenge ?? options.challenge, origin: o.origin ?? origin, crossOrigin: false }));
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), privateKey as KeyObject);
      return {
        id: b64(id),
        rawId: b64(id),
        type: 'public-key',
        response: { clientDataJSON: b64(clientData), authenticatorData: b64(authData), signature: b64(signature) },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
  return passkey;
}
