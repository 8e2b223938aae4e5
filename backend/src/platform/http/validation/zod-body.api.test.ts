import { Controller, HttpCode, Post } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { z } from 'zod';

import { Agent, csrfAgent } from '../testing/csrf-agent';
import { createTestHttpApp } from '../testing/test-http-app';
import { ZodBody } from './zod-body';

const noteSchema = z.object({
  title: z
    .string({ required_error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(10, 'Title must be at most 10 characters'),
  tags: z.array(z.string()).default([]),
});

@Controller('api/test')
class NotesController {
  @Post('notes')
  @HttpCode(200)
  create(@ZodBody(noteSchema) body: z.output<typeof noteSchema>) {
    return { received: body };
  }
}

describe('ZodBody at the HTTP edge', () => {
  let app: NestFastifyApplication;
  let agent: Agent;
  let token: string;

  beforeAll(async () => {
    app = await createTestHttpApp({ controllers: [NotesController] });
    ({ agent, token } = await csrfAgent(app.getHttpServer()));
  });
  afterAll(() => app.close());

  const post = () => agent.post('/api/test/notes').set('X-CSRF-Token', token);

  it('hands the handler the parsed body', async () => {
    const res = await post().send({ title: '  Salaam ', extra: 'dropped' }).expect(200);
    expect(res.body).toEqual({ received: { title: 'Salaam', tags: [] } });
  });

  it('answers 400 with the message and the fields', async () => {
    const res = await post().send({ title: 'far too long a title', tags: 'x' }).expect(400);
    expect(res.body).toEqual({
      error: 'Bad Request',
      message: 'Title must be at most 10 characters',
      code: 'VALIDATION_FAILED',
      fields: { title: 'Title must be at most 10 characters', tags: 'Expected array, received string' },
    });
  });

  it('strips NUL characters from JSON bodies before validation', async () => {
    const res = await post()
      .set('content-type', 'application/json')
      .send('{"title":"Sa\\u0000laam","tags":["a\\u0000"],"x\\u0000":1}')
      .expect(200);
    expect(res.body).toEqual({ received: { title: 'Salaam', tags: ['a'] } });
    await post().send({ title: '\u0000\u0000' }).expect(400);
  });

  it('refuses a JSON body that is not an object, and a missing body', async () => {
    for (const body of ['[1,2]', '"text"', '7', 'null']) {
      const res = await post().set('content-type', 'application/json').send(body);
      expect([body, res.status, res.body.message]).toEqual([body, 400, 'The request body must be a JSON object.']);
    }
    const empty = await post().expect(400);
    expect(empty.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The request body must be a JSON object.' });
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const res = await post().set('content-type', 'application/json').send('{"title":').expect(400);
    expect(res.body).toEqual({ error: 'Bad Request', message: expect.any(String), code: expect.any(String) });
  });

  it('still checks CSRF first', async () => {
    const res = await request(app.getHttpServer()).post('/api/test/notes').send({ title: 'x' }).expect(403);
    expect(res.body.code).toBe('CSRF_INVALID');
  });
});
