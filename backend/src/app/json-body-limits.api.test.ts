import { type Member, registerMember } from '@testing/members';
import { describeOnProfiles } from '@testing/profiles';
import { registerVerifiedMember } from '@testing/verified-member';
import request from 'supertest';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
/** An object nested `depth` levels: {"a":{"a":...{"a":1}}}. */
const deepObject = (depth: number): unknown => (depth === 0 ? 1 : { a: deepObject(depth - 1) });

/**
 * JSON bodies are checked on their bytes before anything parses them (json-shape.ts): a body of
 * brackets used to be parsed, NUL-stripped and validated in full, blocking the event loop for a
 * third of a second per megabyte.
 */
describeOnProfiles('JSON body shape limits', (rt) => {
  let member: Member;
  beforeAll(async () => {
    member = await registerMember(rt());
  });

  const update = (body: string) =>
    member.agent
      .post('/api/profile/update')
      .set('X-CSRF-Token', member.token)
      .set('content-type', 'application/json')
      .send(body);

  /** Calls of JSON.parse (secure-json-parse's too) on a text at least as long as `body`. */
  function parsesOf(body: string): { count(): number; stop(): void } {
    const spy = jest.spyOn(JSON, 'parse');
    return {
      count: () => spy.mock.calls.filter(([text]) => typeof text === 'string' && text.length >= body.length).length,
      stop: () => spy.mockRestore(),
    };
  }

  /**
   * Sends the body to the profile update: the answer is a 400 and nothing parsed the body. What the
   * refusal costs against a server that only receives the bytes is `npm run bench:body`'s (a timed
   * test on a shared machine measures the neighbours); that the scan stops at the first level too
   * deep is json-shape.test.ts's.
   */
  async function refusedUnparsed(body: string): Promise<Record<string, unknown>> {
    const parses = parsesOf(body);
    try {
      const answer = (await update(body).expect(400)).body as Record<string, unknown>;
      expect(parses.count()).toBe(0);
      return answer;
    } finally {
      parses.stop();
    }
  }

  it('answers a body nested 10,000 deep with 400 BODY_TOO_DEEP, before JSON.parse', async () => {
    expect(await refusedUnparsed(nested(10_000))).toEqual({
      error: 'Bad Request',
      message: 'Request body is nested too deeply (at most 32 levels)',
      code: 'BODY_TOO_DEEP',
    });
  });

  it('answers a megabyte of nested arrays with 400 BODY_TOO_DEEP, before JSON.parse', async () => {
    expect((await refusedUnparsed(nested(500_000))).code).toBe('BODY_TOO_DEEP');
  });

  it('answers a megabyte-long array or a wide object with 400 BODY_TOO_MANY_ITEMS before parsing it', async () => {
    const list = `{"bio":"x","list":[${'0,'.repeat(400_000)}0]}`;
    expect(await refusedUnparsed(list)).toEqual({
      error: 'Bad Request',
      message: 'Request body has a list or object with more than 1000 entries',
      code: 'BODY_TOO_MANY_ITEMS',
    });
    const wide = JSON.stringify(Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`field${i}`, 'x'])));
    expect((await update(wide).expect(400)).body.code).toBe('BODY_TOO_MANY_ITEMS');
  });

  it('still takes a payload ten levels deep, and brackets inside its strings', async () => {
    const bio = `[[[[ {{{{ ${'['.repeat(200)} ]]]] "quoted" \\ back`.slice(0, 150);
    const body = JSON.stringify({ bio, location: '{{[[Nairobi]]}}', extra: deepObject(9) });
    const res = await update(body).expect(200);
    expect(res.body.profile).toMatchObject({ bio, location: '{{[[Nairobi]]}}' });
  });

  it('refuses __proto__ keys as Fastify does, and malformed JSON as before', async () => {
    const poisoned = await update('{"bio":"x","__proto__":{"isAdmin":true}}').expect(400);
    expect(poisoned.body).toMatchObject({ error: 'Bad Request', message: 'Request body is not valid JSON' });
    const broken = await update('{"bio":').expect(400);
    expect(broken.body).toMatchObject({ error: 'Bad Request', message: 'Request body is not valid JSON' });
    // An empty JSON body is still no body (the spec's clients send one on POSTs without content).
    await update('').expect(200);
  });

  it('checks the JSON lists of a post form (pollOptions, imageCaptions) before parsing them too', async () => {
    for (const field of ['pollOptions', 'imageCaptions']) {
      const text = nested(400_000);
      const parses = parsesOf(text);
      try {
        const res = await member.agent
          .post('/api/posts')
          .set('X-CSRF-Token', member.token)
          .field('content', 'A poll')
          .field('type', 'poll')
          .field(field, text)
          .expect(400);
        expect(res.body).toMatchObject({ error: 'Bad Request', code: 'VALIDATION_FAILED' });
        expect(parses.count()).toBe(0);
      } finally {
        parses.stop();
      }
    }
    // A real poll still goes through the same field (polls are for verified members).
    const verified = await registerVerifiedMember(rt());
    const poll = await verified.agent
      .post('/api/posts')
      .set('X-CSRF-Token', verified.token)
      .field('content', 'Which day?')
      .field('type', 'poll')
      .field('pollOptions', JSON.stringify(['Friday [after Jumuah]', 'Saturday']))
      .expect(201);
    expect(JSON.stringify(poll.body.poll)).toContain('Friday [after Jumuah]');
  });

  it('checks the shape of payment webhooks too, before their raw bytes are kept', async () => {
    const res = await request(rt().http!.getHttpServer())
      .post('/api/payments/webhooks/stripe')
      .set('content-type', 'application/json')
      .send(nested(5_000))
      .expect(400);
    expect(res.body.code).toBe('BODY_TOO_DEEP');
  });
});
