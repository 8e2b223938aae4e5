import { anonymous, IDENTITY_TEST_ENV, PASSWORD, registerMember, registerVisitor } from '@testing/members';

import { describeOnProfiles } from '../../../src/testing/profiles';
import { SIGN_IN } from '../limits';

const WRONG = 'Wrong#Pass1';
const TOO_MANY = {
  error: 'Too Many Requests',
  message: 'Too many attempts. Please try again later.',
  code: 'RATE_LIMITED',
};
const INVALID = { error: 'Unauthorized', message: 'Invalid username/email or password', code: 'UNAUTHORIZED' };
const limit = SIGN_IN.accountTiers[0]!.limit;
const strangers = SIGN_IN.strangers.limit;

/** Runs `send` for each item, `width` at a time: many quick refusals without one long queue. */
async function inBatches<T, R>(items: T[], width: number, send: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width) out.push(...(await Promise.all(items.slice(i, i + width).map(send))));
  return out;
}

describeOnProfiles(
  'sign-in throttling that cannot be turned on a member',
  (rt) => {
    let n = 0;
    /** A fresh address of this suite: each test's addresses are its own. */
    const address = () => `10.77.${Math.floor(++n / 250)}.${n % 250}`;
    const signIn = async (emailOrUsername: string, password: string, ip: string) => {
      const { agent, token } = await anonymous(rt(), ip);
      return agent.post('/api/auth/login').set('X-CSRF-Token', token).send({ emailOrUsername, password });
    };
    const statuses = async (count: number, emailOrUsername: string, ip: string) => {
      const seen: number[] = [];
      for (let i = 0; i < count; i++) seen.push((await signIn(emailOrUsername, WRONG, ip)).status);
      return seen;
    };

    it('lets the victim sign in from home, typo and all, while an attacker spends the budget elsewhere', async () => {
      const victim = await registerMember(rt());
      const attacker = await registerMember(rt());
      const home = address();
      expect((await signIn(victim.username, PASSWORD, home)).status).toBe(200);
      const typo = await signIn(victim.username, WRONG, home);
      expect([typo.status, typo.body]).toEqual([401, INVALID]);

      // One address: the account's 10 failures (the typo was one), by username and by email alike,
      // then 429 with the spec's body.
      const attackerIp = address();
      const names = [victim.username, victim.email.toUpperCase()];
      const seen = [];
      for (let i = 0; i < 20; i++) seen.push((await signIn(names[i % 2]!, WRONG, attackerIp)).status);
      expect(seen).toEqual([...Array<number>(limit - 1).fill(401), ...Array<number>(21 - limit).fill(429)]);
      // A botnet's fresh addresses: the strangers' allowance, then 429 for each new one.
      const botnet = Array.from({ length: strangers + 10 }, address);
      const answers = [];
      for (const ip of botnet) answers.push((await signIn(victim.username, WRONG, ip)).status);
      expect(answers).toEqual([...Array<number>(strangers).fill(401), ...Array<number>(10).fill(429)]);

      const refused = await signIn(victim.email, PASSWORD, attackerIp);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(TOO_MANY);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
      // Even the right password waits at an address that guessed: it cannot be told from a guess.
      expect((await signIn(victim.username, PASSWORD, botnet[1]!)).status).toBe(429);

      // Victim, from home (it failed once, and is known): signed in, by username or email.
      const ok = await signIn(victim.username, PASSWORD, home);
      expect(ok.status).toBe(200);
      expect(ok.body.user.id).toBe(victim.id);
      expect((await signIn(victim.email, WRONG, home)).status).toBe(401);
      expect((await signIn(victim.email, PASSWORD, home)).status).toBe(200);

      // The attacker's address still signs in to the attacker's own account...
      const own = await signIn(attacker.username, PASSWORD, attackerIp);
      expect(own.status).toBe(200);
      expect(own.body.user.id).toBe(attacker.id);
      // ...which buys nothing against the victim's.
      expect((await signIn(victim.username, WRONG, attackerIp)).status).toBe(429);
      // About eighty sign-ins, forty of them checking a password: slow on a loaded machine.
    }, 120_000);

    it('refuses 500 guesses from 500 fresh addresses at one account after its budget and the allowance', async () => {
      const target = await registerVisitor(rt().http!.getHttpServer());
      const fresh = Array.from({ length: 500 }, address);
      const answers = await inBatches(fresh, 10, async (ip) => (await signIn(target.username, WRONG, ip)).status);
      expect(answers.filter((s) => s === 401)).toHaveLength(limit + strangers);
      expect(answers.filter((s) => s === 429)).toHaveLength(500 - limit - strangers);
      // The member signed up from an address of their own: it is known, and lets them in.
      expect((await signIn(target.username, PASSWORD, target.ip)).status).toBe(200);
    }, 180_000);

    it('refuses an address spraying 200 accounts for those it is not known to; its members still sign in', async () => {
      const [member, newcomer] = [await registerMember(rt()), await registerMember(rt())];
      const nat = address();
      expect((await signIn(member.email, PASSWORD, nat)).status).toBe(200);
      const { limit: budget } = SIGN_IN.addressFailures;
      const names = Array.from({ length: 200 }, (_, i) => `spray_${n}_${i}`);
      const answers = await inBatches(names, 10, async (name) => (await signIn(name, WRONG, nat)).status);
      expect(answers).toEqual([...Array<number>(budget).fill(401), ...Array<number>(200 - budget).fill(429)]);
      // A member who signed in from there before: signed in; a stranger behind it waits.
      expect((await signIn(member.username, PASSWORD, nat)).status).toBe(200);
      const stranger = await signIn(newcomer.username, PASSWORD, nat);
      expect([stranger.status, stranger.body]).toEqual([429, TOO_MANY]);
      // Elsewhere the newcomer is not held by that address.
      expect((await signIn(newcomer.username, PASSWORD, address())).status).toBe(200);
    }, 180_000);

    it('counts the addresses of one IPv6 /64 as one', async () => {
      const m = await registerMember(rt());
      const net = `2001:db8:77:${(++n).toString(16)}`;
      const tries = [];
      for (let i = 1; i <= limit; i++)
        tries.push((await signIn(m.username, WRONG, `${net}::${i.toString(16)}`)).status);
      expect(tries).toEqual(Array(limit).fill(401));
      expect((await signIn(m.username, PASSWORD, `${net}:ffff:ffff:ffff:ffff`)).status).toBe(429);
      // Another /64 is another address (a stranger's slot while the account is over budget).
      expect((await signIn(m.username, PASSWORD, `2001:db8:78:${n.toString(16)}::1`)).status).toBe(200);
    }, 60_000);

    it('counts username and email as one account: 10 guesses in all, not 10 each', async () => {
      const m = await registerMember(rt());
      const ip = address();
      expect(await statuses(5, m.username, ip)).toEqual(Array(5).fill(401));
      expect(await statuses(5, m.email, ip)).toEqual(Array(5).fill(401));
      expect((await signIn(m.username.toUpperCase(), WRONG, ip)).status).toBe(429);
      expect((await signIn(m.email, WRONG, ip)).status).toBe(429);
    });

    it('holds an unknown name to the same budget as a member, so the answers tell nothing', async () => {
      const m = await registerMember(rt());
      const [known, unknown] = [address(), address()];
      const forMember = await statuses(limit + 2, m.username, known);
      const forNobody = await statuses(limit + 2, `Nobody_${m.username}`, unknown);
      expect(forNobody).toEqual(forMember);
      // Its case and spaces do not make another budget.
      expect((await signIn(`  nobody_${m.username.toUpperCase()} `, WRONG, unknown)).status).toBe(429);
      const last = await signIn(`nobody_${m.username}`, WRONG, unknown);
      expect(last.body).toEqual(TOO_MANY);
    });

    it('does not let failures on one account at a shared address lock another account there', async () => {
      const [guessed, neighbour] = [await registerMember(rt()), await registerMember(rt())];
      const nat = address();
      expect(await statuses(limit, guessed.username, nat)).toEqual(Array(limit).fill(401));
      expect((await signIn(guessed.username, WRONG, nat)).status).toBe(429);
      // The neighbour behind the same address: a typo is just a typo, then the right password works.
      const typo = await signIn(neighbour.username, WRONG, nat);
      expect([typo.status, typo.body]).toEqual([401, INVALID]);
      expect((await signIn(neighbour.username, PASSWORD, nat)).status).toBe(200);
    });
  },
  IDENTITY_TEST_ENV,
);

describeOnProfiles(
  'sign-in throttling behind one trusted proxy (TRUST_PROXY=1)',
  (rt) => {
    it('counts the address the proxy saw, whatever the client wrote in front of it', async () => {
      const victim = await registerMember(rt());
      const attacker = '10.78.0.1';
      const answers = [];
      for (let i = 0; i < 20; i++) {
        // A fresh made-up address each time, then the one the proxy appended.
        const { agent, token } = await anonymous(rt(), `10.79.${i}.1, ${attacker}`);
        const res = await agent
          .post('/api/auth/login')
          .set('X-CSRF-Token', token)
          .send({ emailOrUsername: victim.username, password: WRONG });
        answers.push(res.status);
      }
      expect(answers).toEqual([...Array<number>(limit).fill(401), ...Array<number>(20 - limit).fill(429)]);
    }, 60_000);
  },
  { ...IDENTITY_TEST_ENV, TRUST_PROXY: '1' },
);
