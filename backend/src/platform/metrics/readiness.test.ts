import { checkReadiness, type LagReading } from './readiness';

const lag = (l: Partial<LagReading> = {}): LagReading => ({
  projector: 'social',
  events: 0,
  capped: false,
  serving: true,
  ...l,
});
const answering = { eventStore: async () => '', readStore: async () => 0 };

describe('readiness', () => {
  it('is ready when the stores answer and every projector is within the lag limit', async () => {
    const answer = await checkReadiness({
      probes: answering,
      lag: async () => [lag({ events: 10 })],
      maxLagEvents: 10,
    });
    expect(answer).toEqual({ ready: true, body: { status: 'ready', projections: 1, maxLagEvents: 10 } });
  });

  it('says which projector is behind or still building, and which store does not answer', async () => {
    const behind = await checkReadiness({
      probes: answering,
      lag: async () => [lag({ events: 5000, capped: true }), lag({ projector: 'search', serving: false })],
      maxLagEvents: 1000,
    });
    expect(behind).toEqual({
      ready: false,
      body: {
        error: 'Service Unavailable',
        code: 'NOT_READY',
        message:
          'Not ready: projector social is more than 5,000 events behind (limit 1,000); read model search is still being built',
      },
    });
    const down = await checkReadiness({
      probes: { ...answering, readStore: () => Promise.reject(new Error('gone')) },
      lag: async () => [],
      maxLagEvents: 1000,
    });
    expect(down.body).toMatchObject({ message: 'Not ready: readStore does not answer' });
  });
});
