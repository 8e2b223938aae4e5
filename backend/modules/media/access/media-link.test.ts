import { ServerSecret } from '../../../src/platform/http/security/server-secret';
import {
  checkMediaLink,
  MEDIA_LINK_MAX_SECONDS,
  mediaLinkQuery,
  readMediaLink,
  signMediaLink,
  withMediaLink,
} from './media-link';

const secret = new ServerSecret('s'.repeat(48));
const MEDIA = '0190d7c4-0000-7000-8000-0000000000a1';
const OTHER_MEDIA = '0190d7c4-0000-7000-8000-0000000000a2';
const MEMBER = '0190d7c4-0000-7000-8000-0000000000b1';
const OTHER_MEMBER = '0190d7c4-0000-7000-8000-0000000000b2';
const NOW = 1_800_000_000;

/** The query as Fastify parses it. */
const parse = (query: string) => Object.fromEntries(new URLSearchParams(query));

describe('media links', () => {
  const link = signMediaLink(secret, MEDIA, MEMBER, NOW + 600);

  it('accepts its own link for the item and member it names, until it expires', () => {
    expect(checkMediaLink(secret, MEDIA, link, NOW)).toEqual({ ok: true, memberId: MEMBER });
    expect(checkMediaLink(secret, MEDIA, link, NOW + 599)).toEqual({ ok: true, memberId: MEMBER });
    expect(checkMediaLink(secret, MEDIA, link, NOW + 600)).toEqual({ ok: false, reason: 'expired' });
    expect(checkMediaLink(secret, MEDIA, link, NOW + 86_400)).toEqual({ ok: false, reason: 'expired' });
  });

  it('round-trips through the query string', () => {
    expect(readMediaLink(parse(mediaLinkQuery(link)))).toEqual(link);
    expect(withMediaLink(`/media/${MEDIA}/video.mp4`, link)).toBe(
      `/media/${MEDIA}/video.mp4?m=${MEMBER}&exp=${NOW + 600}&sig=${link.sig}`,
    );
    expect(withMediaLink(`/media/${MEDIA}?w=320`, link)).toBe(`/media/${MEDIA}?w=320&${mediaLinkQuery(link)}`);
  });

  it('refuses a link moved to another member, another item or another expiry', () => {
    expect(checkMediaLink(secret, MEDIA, { ...link, memberId: OTHER_MEMBER }, NOW)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(checkMediaLink(secret, OTHER_MEDIA, link, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkMediaLink(secret, MEDIA, { ...link, exp: link.exp + 1 }, NOW)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    // Extending an expired link by hand: the MAC no longer matches.
    expect(checkMediaLink(secret, MEDIA, { ...link, exp: NOW + 700 }, NOW + 650)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuses a tampered MAC, one made with another secret, and one made for another purpose', () => {
    const flipped = `${link.sig[0] === 'A' ? 'B' : 'A'}${link.sig.slice(1)}`;
    expect(checkMediaLink(secret, MEDIA, { ...link, sig: flipped }, NOW)).toEqual({ ok: false, reason: 'invalid' });
    const foreign = signMediaLink(new ServerSecret('t'.repeat(48)), MEDIA, MEMBER, NOW + 600);
    expect(checkMediaLink(secret, MEDIA, foreign, NOW)).toEqual({ ok: false, reason: 'invalid' });
    const csrfMac = secret.sign('csrf', `${MEDIA}\n${MEMBER}\n${NOW + 600}`);
    expect(checkMediaLink(secret, MEDIA, { ...link, sig: csrfMac }, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a link that lives longer than 15 minutes, even when signed here', () => {
    const long = signMediaLink(secret, MEDIA, MEMBER, NOW + MEDIA_LINK_MAX_SECONDS + 3600);
    expect(checkMediaLink(secret, MEDIA, long, NOW)).toEqual({ ok: false, reason: 'invalid' });
    const longest = signMediaLink(secret, MEDIA, MEMBER, NOW + MEDIA_LINK_MAX_SECONDS);
    expect(checkMediaLink(secret, MEDIA, longest, NOW)).toEqual({ ok: true, memberId: MEMBER });
  });

  it('reads no link from a query without one, and a malformed one from a partial or odd query', () => {
    expect(readMediaLink({})).toBeNull();
    expect(readMediaLink({ w: '320', f: 'webp' })).toBeNull();
    const q = parse(mediaLinkQuery(link));
    for (const broken of [
      { m: q.m, exp: q.exp },
      { m: q.m, sig: q.sig },
      { exp: q.exp, sig: q.sig },
      { ...q, exp: '-5' },
      { ...q, exp: '1e9' },
      { ...q, exp: '9'.repeat(20) },
      { ...q, sig: `${q.sig}=` },
      { ...q, sig: 'short' },
      { ...q, m: 'a\nb' },
      { ...q, m: '' },
      { ...q, m: [MEMBER, OTHER_MEMBER] },
    ])
      expect([broken, readMediaLink(broken)]).toEqual([broken, 'malformed']);
  });
});
