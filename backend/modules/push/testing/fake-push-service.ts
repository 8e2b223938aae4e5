import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One push the service accepted: what the browser would have decrypted. */
export interface ReceivedPush {
  device: string;
  plaintext: string;
  headers: http.IncomingHttpHeaders;
}

interface Device {
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
}

const b64u = (b: Buffer) => b.toString('base64url');
const DAY_S = 24 * 60 * 60;

/** A P-256 public key (uncompressed point, 65 bytes) as a KeyObject, via its JWK coordinates. */
function p256Key(point: Buffer) {
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) },
    format: 'jwk',
  });
}

/**
 * RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`. The JWT is ES256 over header.claims,
 * signed by the key k names; aud is the push service's origin, exp in the future and at most 24 h
 * away, sub a contact. Answers k, or throws what is wrong.
 */
export function checkVapid(authorization: string | undefined, origin: string, now = Date.now()): string {
  const m = /^vapid t=([A-Za-z0-9_.-]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`Authorization is not "vapid t=…, k=…": ${authorization}`);
  const [, jwt, k] = m as unknown as [string, string, string];
  const [h, c, s] = jwt.split('.');
  if (!h || !c || !s) throw new Error('t is not a JWT');
  const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string; typ?: string };
  if (header.alg !== 'ES256') throw new Error(`JWT alg ${header.alg}, not ES256`);
  const signature = Buffer.from(s, 'base64url');
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${c}`),
    { key: p256Key(Buffer.from(k, 'base64url')), dsaEncoding: 'ieee-p1363' },
    signature,
  );
  if (!ok) throw new Error('the JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(c, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud}, not ${origin}`);
  const nowS = Math.floor(now / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= nowS || claims.exp > nowS + DAY_S)
    throw new Error(`exp ${claims.exp} is not within the next 24 h`);
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub} is not a contact`);
  return k;
}

/**
 * RFC 8291 over RFC 8188 (aes128gcm): the header carries the salt, the record size and the
 * sender's ephemeral public key; the content key and nonce come from HKDF over the ECDH secret,
 * keyed by the subscription's auth secret. Written from the RFCs, not with web-push.
 */
export function decryptAes128gcm(body: Buffer, device: Device): string {
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  if (idlen !== 65) throw new Error(`keyid is ${idlen} bytes, not a P-256 public key`);
  const serverKey = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  if (records.length > rs) throw new Error('more than one record: a push is a single record');
  const shared = device.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero or more zero bytes of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * A push service of our own on 127.0.0.1: hands out subscriptions whose private keys it keeps,
 * checks each push's VAPID JWT, TTL and encoding, decrypts it and records the plaintext. A device
 * can be told to answer some other status (404, 410, 500) instead.
 */
export class FakePushService {
  readonly received: ReceivedPush[] = [];
  readonly refused: { device: string; reason: string }[] = [];
  private readonly devices = new Map<string, Device>();
  private readonly answers = new Map<string, number>();
  private readonly server = http.createServer((req, res) => this.handle(req, res));
  private origin = '';
  /** When set, the VAPID key every push must be signed with (the app's GET /api/push/key). */
  expectedKey: string | null = null;

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** A new browser subscription (PushSubscription.toJSON()) whose pushes this service decrypts. */
  subscribe(): { endpoint: string; keys: { p256dh: string; auth: string }; device: string } {
    const device = randomUUID();
    const ecdh = createECDH('prime256v1');
    const publicKey = ecdh.generateKeys();
    const auth = randomBytes(16);
    this.devices.set(device, { ecdh, publicKey, auth });
    return { endpoint: `${this.origin}/push/${device}`, keys: { p256dh: b64u(publicKey), auth: b64u(auth) }, device };
  }

  /** What this device's pushes answer from now on (201 unless told). */
  answer(device: string, status: number): void {
    this.answers.set(device, status);
  }

  /** The decrypted payloads one device received, parsed. */
  payloads(device: string): Record<string, unknown>[] {
    return this.received
      .filter((r) => r.device === device)
      .map((r) => JSON.parse(r.plaintext) as Record<string, unknown>);
  }

  /** Every push request that reached a device, accepted or not. */
  hits(device: string): number {
    return (
      this.received.filter((r) => r.device === device).length + this.refused.filter((r) => r.device === device).length
    );
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const device = /^\/push\/([0-9a-f-]+)$/.exec(req.url ?? '')?.[1] ?? '';
      const known = this.devices.get(device);
      const refuse = (status: number, reason: string) => {
        this.refused.push({ device, reason });
        res.writeHead(status).end(reason);
      };
      if (req.method !== 'POST' || !known) return refuse(404, 'no such subscription');
      const status = this.answers.get(device);
      if (status) return refuse(status, `told to answer ${status}`);
      try {
        const k = checkVapid(req.headers.authorization, this.origin);
        if (this.expectedKey && k !== this.expectedKey) throw new Error('signed with another VAPID key');
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('Content-Encoding is not aes128gcm');
        if (!/^\d+$/.test(String(req.headers.ttl ?? ''))) throw new Error('TTL missing');
        const plaintext = decryptAes128gcm(Buffer.concat(chunks), known);
        this.received.push({ device, plaintext, headers: req.headers });
        res.writeHead(201).end();
      } catch (err) {
        refuse(400, (err as Error).message);
      }
    });
  }
}
