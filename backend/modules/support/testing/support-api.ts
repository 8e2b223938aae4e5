import { eventually } from '@testing/eventually';
import type { Member } from '@testing/members';
import request from 'supertest';

import type { Runtime } from '../../../src/runtime';
import type { DonationView, LedgerPage } from '../views';
import { send } from './support-fixtures';

/** What the orphan support suites read of the app and its log (support*.api.test.ts). */
export function supportApi(rt: () => Runtime) {
  const server = () => rt().http!.getHttpServer();
  return {
    server,
    head: () => rt().platform.eventStore.headCheckpoint(),
    types: async (stream: string) => (await rt().platform.eventStore.readStream(stream)).map((e) => e.type),
    ledger: async (query = '') =>
      (await request(server()).get(`/api/donations/ledger${query}`).expect(200)).body as LedgerPage,
    settled: (m: Member, id: string) =>
      eventually(
        async () => (await m.agent.get(`/api/donations/${id}`).expect(200)).body as DonationView,
        (d) => d.status !== 'pending',
        `donation ${id} settled`,
      ),
    donate: (m: Member, body: object) => send(m, 'post', '/api/donate', body),
  };
}
