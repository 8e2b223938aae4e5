import { spawn } from 'node:child_process';
import { join } from 'node:path';

import { anonymous, IDENTITY_TEST_ENV, PASSWORD, registerMember } from '@testing/members';
import request from 'supertest';

import type { AppConfig } from '../../../src/platform/config';
import { PersonalDataVault } from '../../../src/platform/privacy/personal-data-vault';
import { APP_CONFIG } from '../../../src/platform/tokens';
import { describeOnProfiles } from '../../../src/testing/profiles';
import { IdentityService } from '../identity.service';

describeOnProfiles(
  'account',
  (rt, profile) => {
    it('shows the account settings of the signed-in member', async () => {
      const m = await registerMember(rt());
      const res = await m.agent.get('/api/account').expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.account).toEqual({
        id: m.id,
        name: m.displayName,
        displayName: m.displayName,
        username: m.username,
        email: m.email,
        role: 'member',
        isEmailVerified: false,
        memberSince: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        accountType: 'member',
        authProvider: 'local',
      });
      await request(rt().http!.getHttpServer()).get('/api/account').expect(401);
    });

    it('exports the member’s own data as a JSON archive', async () => {
      const m = await registerMember(rt());
      const res = await m.agent.get('/api/account/export').expect(200);
      expect(res.headers['content-disposition']).toContain(`deenconnect-${m.username}-export.json`);
      expect(res.body).toMatchObject({
        format: 'deenconnect-account-export/1',
        exportedAt: expect.any(String),
        profile: { id: m.id, username: m.username, email: m.email },
      });
      expect(JSON.stringify(res.body)).not.toMatch(/argon2/);
    });

    it('deletes the account: no sign-in, no personal data anywhere, names free again', async () => {
      const m = await registerMember(rt());
      const wrong = await m.agent
        .delete('/api/account')
        .set('X-CSRF-Token', m.token)
        .send({ password: 'Not-The-Pass-1' });
      expect(wrong.status).toBe(403);
      await m.agent.get('/api/auth/me').expect(200);

      await m.agent.delete('/api/account').set('X-CSRF-Token', m.token).send({ password: PASSWORD }).expect(200);
      await m.agent.get('/api/auth/me').expect(401);
      const { agent, token } = await anonymous(rt());
      expect(
        (
          await agent
            .post('/api/auth/login')
            .set('X-CSRF-Token', token)
            .send({ emailOrUsername: m.username, password: PASSWORD })
        ).status,
      ).toBe(401);

      // Read models forget the member; the log keeps only sealed data nobody can open any more.
      expect(await rt().readModels.collection('users').get(m.id)).toBeNull();
      expect(await rt().readModels.collection('sessions').count({ userId: m.id })).toBe(0);
      const events = await rt().platform.eventStore.readStream(`user-${m.id}`);
      const registered = events.find((e) => e.type === 'UserRegistered')!.data as { sealed: string };
      expect(await new PersonalDataVault(rt().platform.readStore, 0).open(m.id, registered.sealed)).toBeNull();
      expect(JSON.stringify(events)).not.toContain(m.email);

      // The username and email can be used again.
      const again = await registerMember(rt(), {
        email: m.email,
        username: m.username,
        password: PASSWORD,
        displayName: 'Someone New',
      });
      expect(again.id).not.toBe(m.id);
    });

    it('needs the password field to delete', async () => {
      const m = await registerMember(rt());
      const res = await m.agent.delete('/api/account').set('X-CSRF-Token', m.token).send({}).expect(400);
      expect(res.body.message).toBe('Password is required');
    });

    it('records role changes as events, visible at once', async () => {
      const m = await registerMember(rt());
      await rt().http!.get(IdentityService).changeRole(m.id, 'moderator', { actor: 'operator:test', requestId: null });
      expect((await m.agent.get('/api/auth/me')).body.user.role).toBe('moderator');
      const events = await rt().platform.eventStore.readStream(`user-${m.id}`);
      expect(events.at(-1)).toMatchObject({
        type: 'RoleChanged',
        data: { role: 'moderator', previousRole: 'member' },
        metadata: { actor: 'operator:test' },
      });
    });

    // The CLI opens the stores itself: only possible while they are shared (the embedded database
    // belongs to the running process).
    if (profile === 'postgres+redis') {
      it('promotes from the command line, as an event', async () => {
        const { database } = rt().http!.get<AppConfig>(APP_CONFIG);
        const m = await registerMember(rt());
        const code = await new Promise<number | null>((resolve) => {
          const child = spawn(
            process.execPath,
            ['scripts/run-ts.mjs', 'backend/modules/identity/cli/promote.ts', m.username, 'vendor'],
            {
              cwd: join(__dirname, '../../../..'),
              env: {
                PATH: process.env.PATH ?? '',
                DATABASE_URL: database!.url,
                DATABASE_SCHEMA: database!.schema ?? '',
              },
              stdio: 'ignore',
            },
          );
          child.on('exit', resolve);
        });
        expect(code).toBe(0);
        const deadline = Date.now() + 5000;
        let role = '';
        while (Date.now() < deadline && role !== 'vendor') {
          role = (await m.agent.get('/api/auth/me')).body.user.role;
          await new Promise((r) => setTimeout(r, 50));
        }
        expect(role).toBe('vendor');
        const last = (await rt().platform.eventStore.readStream(`user-${m.id}`)).at(-1)!;
        expect(last).toMatchObject({ type: 'RoleChanged', metadata: { actor: expect.stringMatching(/^operator:/) } });
      });
    }
  },
  IDENTITY_TEST_ENV,
);
