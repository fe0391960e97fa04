import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";

/**
 * A software authenticator for the Vitest suites: one ES256 (P-256) credential that answers a
 * registration ("none" attestation, as platform authenticators send) and an authentication with
 * user presence and verification, per the WebAuthn Level 3 formats. The browser's own ceremony runs
 * in Chromium's virtual authenticator (e2e/security/passkeys.spec.ts); this one lets a test send
 * an answer twice, or change it, which a browser never does.
 */
const b64url = (bytes: Buffer | Uint8Array) => Buffer.from(bytes).toString("base64url");

/** CBOR (RFC 8949) for what these answers hold: small maps, text, byte strings, small integers. */
function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
}
type Cbor = number | string | Buffer | Map<number | string, Cbor>;
function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === "string") return Buffer.concat([cborHead(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([cborHead(2, value.length), value]);
  return Buffer.concat([cborHead(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const FLAGS = { userPresent: 0x01, userVerified: 0x04, attested: 0x40 };

export interface SoftwareCredential {
  id: string;
  rawId: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  signCount: number;
}

export function newCredential(): SoftwareCredential {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const rawId = randomBytes(16);
  return { id: b64url(rawId), rawId, privateKey, publicKey, signCount: 0 };
}

function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: "jwk" });
  return cbor(
    new Map<number, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]),
  );
}

const clientData = (type: "webauthn.create" | "webauthn.get", challenge: string, origin: string) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

/** The answer to `navigator.credentials.create()` for the options the server generated. */
export function registrationAnswer(credential: SoftwareCredential, options: { challenge: string }, origin: string) {
  const rpIdHash = createHash("sha256").update(new URL(origin).hostname).digest();
  const idLength = Buffer.from([credential.rawId.length >> 8, credential.rawId.length & 0xff]);
  const authData = Buffer.concat([
    rpIdHash,
    Buffer.from([FLAGS.userPresent | FLAGS.userVerified | FLAGS.attested]),
    Buffer.alloc(4), // sign count 0
    Buffer.alloc(16), // AAGUID: none
    idLength,
    credential.rawId,
    coseKey(credential.publicKey),
  ]);
  const attestationObject = cbor(
    new Map<string, Cbor>([
      ["fmt", "none"],
      ["attStmt", new Map()],
      ["authData", authData],
    ]),
  );
  return {
    id: credential.id,
    rawId: credential.id,
    type: "public-key" as const,
    clientExtensionResults: {},
    authenticatorAttachment: "platform" as const,
    response: {
      clientDataJSON: b64url(clientData("webauthn.create", options.challenge, origin)),
      attestationObject: b64url(attestationObject),
      transports: ["internal"],
    },
  };
}

/** The answer to `navigator.credentials.get()`: the authenticator data and client data signed with the credential's key. */
export function authenticationAnswer(credential: SoftwareCredential, options: { challenge: string }, origin: string, userHandle?: string) {
  credential.signCount += 1;
  const rpIdHash = createHash("sha256").update(new URL(origin).hostname).digest();
  const count = Buffer.alloc(4);
  count.writeUInt32BE(credential.signCount);
  const authData = Buffer.concat([rpIdHash, Buffer.from([FLAGS.userPresent | FLAGS.userVerified]), count]);
  const client = clientData("webauthn.get", options.challenge, origin);
  const signature = createSign("sha256")
    .update(Buffer.concat([authData, createHash("sha256").update(client).digest()]))
    .sign(credential.privateKey);
  return {
    id: credential.id,
    rawId: credential.id,
    type: "public-key" as const,
    clientExtensionResults: {},
    authenticatorAttachment: "platform" as const,
    response: {
      clientDataJSON: b64url(client),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      ...(userHandle ? { userHandle } : {}),
    },
  };
}
