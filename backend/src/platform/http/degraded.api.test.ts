import { Controller, Get, Inject, Post, Req } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { witnessAppends } from '@platform/event-store/append-witness';
import { WrongExpectedVersionError } from '@platform/event-store/errors';
import type { EventStore } from '@platform/event-store/event-store.port';
import { MemoryEventStore } from '@platform/event-store/memory.event-store';
import { EVENT_STORE } from '@platform/tokens';
import type { FastifyRequest } from 'fastify';

import { ACCEPTED_AFTER_APPEND } from './error.filter';
import { type Agent, csrfAgent } from './testing/csrf-agent';
import { createTestHttpApp } from './testing/test-http-app';
import { NOT_READY_MESSAGE, UNAVAILABLE_MESSAGE, unavailableError } from './unavailable';

/** What node-postgres throws for a read model whose table is not there yet. */
const missingTable = () =>
  Object.assign(new Error('relation "rm_users__g1" does not exist'), { code: '42P01', severity: 'ERROR' });
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

@Controller('api/test')
class FailingController {
  constructor(@Inject(EVENT_STORE) private readonly events: EventStore) {}

  /** As a command appends: its events carry the id of the request they were written for. */
  private append(request: FastifyRequest, stream = `thing-${Math.random()}`, requestId = String(request.id)) {
    return this.events.appendToStream(stream, [{ type: 'ThingDone', data: {}, metadata: { requestId } }], 'no_stream');
  }

  @Get('not-built')
  notBuilt() {
    throw missingTable();
  }

  @Get('down')
  down() {
    throw new AggregateError([refused(), refused()], 'connect failed');
  }

  @Post('append-then-read-fails')
  async appendThenReadFails(@Req() request: FastifyRequest) {
    await this.append(request);
    throw missingTable();
  }

  @Post('append-then-bug')
  async appendThenBug(@Req() request: FastifyRequest) {
    await this.append(request);
    throw new TypeError('a bug after the append');
  }

  @Post('bug-without-append')
  bugWithoutAppend() {
    throw new TypeError('a bug before anything was written');
  }

  @Post('append-then-append-fails')
  async appendThenAppendFails(@Req() request: FastifyRequest) {
    await this.append(request);
    // The second stream of a command on a store without atomic multi-stream appends: the command
    // failed (its first write is compensated), and must say so.
    await this.append(request, 'broken');
  }

  @Post('conflict-then-bug')
  async conflictThenBug(@Req() request: FastifyRequest) {
    await this.append(request, 'taken').catch(() => undefined);
    await this.append(request, 'taken').catch((err: unknown) => {
      if (!(err instanceof WrongExpectedVersionError)) throw err;
    });
    await this.append(request);
    throw new TypeError('a bug after the retried append');
  }

  @Post('others-append-then-bug')
  async othersAppendThenBug(@Req() request: FastifyRequest) {
    // Written while this request ran, for another (a job, another request): not this request's write.
    await this.append(request, undefined, 'another-request');
    throw new TypeError('a bug, nothing of this request written');
  }
}

describe('degraded, not broken: the HTTP edge', () => {
  let app: NestFastifyApplication;
  let agent: Agent;
  let token: string;

  beforeAll(async () => {
    const store = new MemoryEventStore();
    const original = store.appendToStream.bind(store);
    store.appendToStream = ((streamId, events, expected) =>
      streamId === 'broken'
        ? Promise.reject(Object.assign(new Error('Connection terminated unexpectedly')))
        : original(streamId, events, expected)) as EventStore['appendToStream'];
    app = await createTestHttpApp({
      controllers: [FailingController],
      providers: [{ provide: EVENT_STORE, useValue: witnessAppends(store) }],
    });
    ({ agent, token } = await csrfAgent(app.getHttpServer()));
  });
  afterAll(() => app.close());

  const post = (path: string) => agent.post(`/api/test/${path}`).set('X-CSRF-Token', token);

  it('answers 503 with Retry-After when a read model is not built yet', async () => {
    const res = await agent.get('/api/test/not-built');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual({ error: 'Service Unavailable', message: NOT_READY_MESSAGE, code: 'NOT_READY' });
  });

  it('answers 503 with Retry-After when a store does not answer', async () => {
    const res = await agent.get('/api/test/down');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual({ error: 'Service Unavailable', message: UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' });
  });

  it('answers 202 when anything fails after the request appended its events', async () => {
    for (const path of ['append-then-read-fails', 'append-then-bug', 'conflict-then-bug']) {
      const res = await post(path);
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 202, body: ACCEPTED_AFTER_APPEND });
    }
  });

  it('still answers 5xx when nothing was written, or when one of the appends failed', async () => {
    expect((await post('bug-without-append')).status).toBe(500);
    expect((await post('others-append-then-bug')).status).toBe(500);
    const partial = await post('append-then-append-fails');
    expect(partial.status).toBe(503);
    expect(partial.headers['retry-after']).toBe('5');
  });
});

describe('unavailableError', () => {
  it.each([
    ['a missing table', missingTable(), 'NOT_READY'],
    ['a missing schema', Object.assign(new Error('schema "x" does not exist'), { code: '3F000' }), 'NOT_READY'],
    ['a refused connection', refused(), 'UNAVAILABLE'],
    ['a PostgreSQL shutdown', Object.assign(new Error('terminating connection'), { code: '57P01' }), 'UNAVAILABLE'],
    ['a connection exception class', Object.assign(new Error('x'), { code: '08006' }), 'UNAVAILABLE'],
    ['a pool timeout', new Error('timeout exceeded when trying to connect'), 'UNAVAILABLE'],
    ['MongoDB out of reach', Object.assign(new Error('x'), { name: 'MongoServerSelectionError' }), 'UNAVAILABLE'],
    ['Redis gone', Object.assign(new Error('x'), { name: 'MaxRetriesPerRequestError' }), 'UNAVAILABLE'],
    ['KurrentDB unavailable', Object.assign(new Error('x'), { type: 'unavailable' }), 'UNAVAILABLE'],
    ['a wrapped cause', new Error('query failed', { cause: refused() }), 'UNAVAILABLE'],
  ])('maps %s to 503', (_what, err, code) => {
    expect(unavailableError(err)).toMatchObject({ status: 503, body: { code }, headers: { 'retry-after': '5' } });
  });

  it.each([
    ['a bug', new TypeError('x is undefined')],
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['nothing', undefined],
  ])('leaves %s alone', (_what, err) => {
    expect(unavailableError(err)).toBeNull();
  });
});
