import { z } from 'zod';

import { parseBody } from './parse-body';
import { NOT_AN_OBJECT, ValidationError } from './validation-error';

const login = z.object({
  emailOrUsername: z
    .string({ required_error: 'Username or email is required' })
    .trim()
    .min(1, 'Username or email is required'),
  password: z.string({ required_error: 'Password is required' }).min(1, 'Password is required'),
  profile: z.object({ website: z.string().url('Please enter a valid URL') }).optional(),
});

function failure(body: unknown): ValidationError {
  try {
    parseBody(login, body);
  } catch (err) {
    if (err instanceof ValidationError) return err;
    throw err;
  }
  throw new Error('parseBody accepted the body');
}

describe('parseBody', () => {
  it('returns the schema output', () => {
    expect(parseBody(login, { emailOrUsername: '  amina ', password: 'pw', extra: 1 })).toEqual({
      emailOrUsername: 'amina',
      password: 'pw',
    });
  });

  it('answers 400 with the first problem as message and the first problem of each field', () => {
    const err = failure({ emailOrUsername: '   ', profile: { website: 'nope' } });
    expect(err.getStatus()).toBe(400);
    expect(err.body).toEqual({
      error: 'Bad Request',
      message: 'Username or email is required',
      code: 'VALIDATION_FAILED',
      fields: {
        emailOrUsername: 'Username or email is required',
        password: 'Password is required',
        'profile.website': 'Please enter a valid URL',
      },
    });
  });

  it.each([[[1, 2]], ['text'], [42], [null], [undefined]])('refuses a body that is not an object: %p', (body) => {
    expect(failure(body).body).toEqual({
      error: 'Bad Request',
      message: NOT_AN_OBJECT,
      code: 'VALIDATION_FAILED',
      fields: {},
    });
  });

  it('keeps the first message when a field fails several rules', () => {
    const password = z.object({
      password: z
        .string()
        .min(8, 'Password must be at least 8 characters')
        .regex(/[A-Z]/, 'Password must contain at least one uppercase letter'),
    });
    try {
      parseBody(password, { password: 'abc' });
      throw new Error('accepted');
    } catch (err) {
      expect((err as ValidationError).body).toMatchObject({
        message: 'Password must be at least 8 characters',
        fields: { password: 'Password must be at least 8 characters' },
      });
    }
  });
});
