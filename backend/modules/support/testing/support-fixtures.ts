import { IdentityService } from '@modules/identity';
import { PAYMENT_PROVIDERS, type PaymentProviders } from '@modules/payments';
import { sandboxCallback } from '@modules/payments/testing/sandbox-callbacks';
import { type Member, registerMember } from '@testing/members';

import type { Runtime } from '../../../src/runtime';
import { donationStream } from '../events';

/** A signed-in admin (the role changed by an operator, as `npm run promote` does). */
export async function admin(rt: Runtime): Promise<Member> {
  const m = await registerMember(rt);
  await rt.http!.get(IdentityService).changeRole(m.id, 'admin', { actor: 'operator:test', requestId: null });
  return m;
}

export const send = (m: Member, method: 'post' | 'put' | 'patch' | 'delete', path: string, body?: object) =>
  m.agent[method](path)
    .set('X-CSRF-Token', m.token)
    .send(body ?? {});

let serial = 0;
/** An orphan registered through the admin route. */
export async function registerOrphan(a: Member, overrides: Record<string, unknown> = {}) {
  serial++;
  const res = await send(a, 'post', '/api/admin/orphans', {
    uniqueId: `T${Date.now().toString(36).toUpperCase()}${serial}`,
    location: 'Kibera, Nairobi',
    status: 'Active',
    goal: '50000',
    story: 'Lives with her grandmother; school fees and uniforms for the coming year.',
    ...overrides,
  });
  if (res.status !== 201) throw new Error(`POST /api/admin/orphans answered ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; uniqueId: string };
}

export const paymentProviders = (rt: Runtime) => rt.http!.get<symbol, PaymentProviders>(PAYMENT_PROVIDERS);

/** The sandbox's signed callback paying a donation in full, as the sandbox itself sends it. */
export async function sandboxPaidWebhook(rt: Runtime, donationId: string) {
  const events = await rt.platform.eventStore.readStream(donationStream(donationId));
  const pledged = events.find((e) => e.type === 'DonationPledged')?.data as { amount: number; method: string };
  const requested = events.find((e) => e.type === 'DonationPaymentRequested')?.data as { reference: string };
  return sandboxCallback(paymentProviders(rt).sandbox!, {
    orderId: donationId,
    reference: requested.reference,
    amount: pledged.amount,
    method: pledged.method as 'card' | 'mpesa',
  });
}
