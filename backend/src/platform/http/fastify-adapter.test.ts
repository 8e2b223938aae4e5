import { loadConfig } from '@platform/config';
import { silentLogger } from '@platform/logging';
import type { FastifyInstance } from 'fastify';

import { createFastifyAdapter } from './fastify-adapter';

/** The address request.ip gives for a request from `from` carrying X-Forwarded-For `forwarded`. */
async function clientIp(trustProxy: string, from: string, forwarded?: string): Promise<string> {
  const adapter = createFastifyAdapter(silentLogger, loadConfig({ TRUST_PROXY: trustProxy }).http.trustProxy);
  const fastify = adapter.getInstance() as unknown as FastifyInstance;
  fastify.get('/ip', async (request) => ({ ip: request.ip }));
  try {
    const res = await fastify.inject({
      method: 'GET',
      url: '/ip',
      remoteAddress: from,
      headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
    });
    return (res.json() as { ip: string }).ip;
  } finally {
    await fastify.close();
  }
}

describe('the client address behind TRUST_PROXY', () => {
  const LB = '172.18.0.5';
  const CLIENT = '203.0.113.7';
  const CHOSEN = '198.51.100.66'; // what a client writes into X-Forwarded-For to pick its address

  it('with 1 proxy, is what the proxy saw, whatever the client wrote before it', async () => {
    expect(await clientIp('1', LB, CLIENT)).toBe(CLIENT);
    // A proxy that appends ($proxy_add_x_forwarded_for) after the client's own header.
    expect(await clientIp('1', LB, `${CHOSEN}, ${CLIENT}`)).toBe(CLIENT);
    expect(await clientIp('1', LB, `${CHOSEN},${CHOSEN}, 10.0.0.1, ${CLIENT}`)).toBe(CLIENT);
  });

  it("with the proxy's range, is what the trusted proxy saw, never a client-written entry", async () => {
    expect(await clientIp('172.18.0.0/16', LB, `${CHOSEN}, ${CLIENT}`)).toBe(CLIENT);
    // A client reaching the app directly, not through the proxy: its header is not believed at all.
    expect(await clientIp('172.18.0.0/16', CLIENT, CHOSEN)).toBe(CLIENT);
  });

  it('with false, is the socket peer', async () => {
    expect(await clientIp('false', CLIENT, CHOSEN)).toBe(CLIENT);
  });

  it('with true, is the left-most entry: whatever the client chose (why compose.scale.yml says 1)', async () => {
    expect(await clientIp('true', LB, `${CHOSEN}, ${CLIENT}`)).toBe(CHOSEN);
  });
});

describe('TRUST_PROXY=true', () => {
  it('is warned about at start, and the other settings are not', () => {
    const warn = jest.spyOn(silentLogger, 'warn').mockImplementation(() => undefined);
    try {
      for (const setting of ['false', '1', '10.0.0.0/8']) {
        createFastifyAdapter(silentLogger, loadConfig({ TRUST_PROXY: setting }).http.trustProxy);
      }
      expect(warn).not.toHaveBeenCalled();
      createFastifyAdapter(silentLogger, loadConfig({ TRUST_PROXY: 'true' }).http.trustProxy);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]?.[1]).toContain('TRUST_PROXY=true believes the client-written X-Forwarded-For');
    } finally {
      warn.mockRestore();
    }
  });
});
