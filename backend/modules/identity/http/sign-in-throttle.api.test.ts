import { anonymous, IDENTITY_TEST_ENV, type Member, PASSWORD, registerMember } from '@testing/members';

import { describeOnProfiles } from '../../../src/testing/profiles';
import { SIGN_IN } from '../limits';

const WRONG = 'Wrong#Pass1';
const TOO_MANY = {
  error: 'Too Many Requests',
  message: 'Too many attempts. Please try again later.',
  code: 'RATE_LIMITED',
};
const INVALID = { error: 'Unauthorized', message: 'Invalid username/email or password', code: 'UNAUTHORIZED' };

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
    const limit = SIGN_IN.accountTiers[0]!.limit;

    it('lets the victim sign in from a clean address after 50 failures, and refuses the attacker', async () => {
      const victim = await registerMember(rt());
      const attacker = await registerMember(rt());
      const attackerIp = address();
      // One address: 10 guesses, by username and by email alike, then 429 with the spec's body.
      const names = [victim.username, victim.email.toUpperCase()];
      const seen = [];
      for (let i = 0; i < 30; i++) seen.push((await signIn(names[i % 2]!, WRONG, attackerIp)).status);
      expect(seen).toEqual([...Array<number>(limit).fill(401), ...Array<number>(30 - limit).fill(429)]);
      // More addresses (a botnet): each gets its one guess, and is refused from then on.
      const botnet = Array.from({ length: 40 }, address);
      for (const ip of botnet) expect((await signIn(victim.username, WRONG, ip)).status).toBe(401);
      expect((await signIn(victim.username, WRONG, botnet[0]!)).status).toBe(429);

      const refused = await signIn(victim.email, PASSWORD, attackerIp);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(TOO_MANY);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
      // Even the right password waits at an address that guessed: it cannot be told from a guess.
      expect((await signIn(victim.username, PASSWORD, botnet[1]!)).status).toBe(429);

      // Victim, from home: signed in, by username or email.
      const home = address();
      const ok = await signIn(victim.username, PASSWORD, home);
      expect(ok.status).toBe(200);
      expect(ok.body.user.id).toBe(victim.id);
      expect((await signIn(victim.email, PASSWORD, address())).status).toBe(200);

      // The attacker's address still signs in to the attacker's own account...
      const own = await signIn(attacker.username, PASSWORD, attackerIp);
      expect(own.status).toBe(200);
      expect(own.body.user.id).toBe(attacker.id);
      // ...which buys nothing against the victim's.
      expect((await signIn(victim.username, WRONG, attackerIp)).status).toBe(429);
      // About a hundred sign-ins, seventy of them checking a password: slow on a loaded machine.
    }, 120_000);

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
      const [last] = await Promise.all([signIn(`nobody_${m.username}`, WRONG, unknown)]);
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

    it('only slows an address over its budget for every account: its members still sign in', async () => {
      const neighbour: Member = await registerMember(rt());
      const nat = address();
      // A sprayer: one guess at each of many names, never twice on the same account.
      const { limit: budget } = SIGN_IN.addressFailures;
      for (let i = 0; i < budget; i += 10) {
        const batch = Array.from({ length: Math.min(10, budget - i) }, (_, j) => `spray_${n}_${i + j}`);
        const answers = await Promise.all(batch.map((name) => signIn(name, WRONG, nat)));
        expect(answers.map((r) => r.status)).toEqual(Array(batch.length).fill(401));
      }
      const started = Date.now();
      const slowed = await signIn(`spray_${n}_over`, WRONG, nat);
      expect(slowed.status).toBe(401);
      expect(Date.now() - started).toBeGreaterThanOrEqual(SIGN_IN.addressSlowdownMs - 50);
      // Never refused (the slowing applies to wrong passwords only: sign-in-throttle.test.ts).
      expect((await signIn(neighbour.email, PASSWORD, nat)).status).toBe(200);
    }, 120_000);
  },
  IDENTITY_TEST_ENV,
);
