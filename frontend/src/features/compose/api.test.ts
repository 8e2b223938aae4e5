import type { CreatePostAnswer } from './api';
import { createOutcome, mentionsVerification, outcomeToast } from './api';

const post = { id: 'p1', user: { username: 'amina' } } as unknown as CreatePostAnswer;

describe('createOutcome (§4, §8)', () => {
  it('reads a created post, limited or not', () => {
    expect(createOutcome({ data: post })).toEqual({ kind: 'created', limited: false });
    expect(createOutcome({ data: { ...post, limited: true } })).toEqual({ kind: 'created', limited: true });
  });

  it("keeps the server's error text", () => {
    const error = {
      status: 400,
      data: { error: 'Bad Request', message: 'You can upload up to 4 images per post.' },
      message: '400: …',
    };
    expect(createOutcome({ error })).toEqual({ kind: 'failed', reason: 'You can upload up to 4 images per post.' });
    expect(createOutcome({ error: { status: 'FETCH_ERROR', message: 'Failed to fetch' } })).toEqual({
      kind: 'failed',
      reason: null,
    });
  });

  it('counts an error about verifying the email as the limited success', () => {
    expect(createOutcome({ error: { status: 403, data: { message: 'Please verify your email first' } } })).toEqual({
      kind: 'created',
      limited: true,
    });
    expect(mentionsVerification('Email not confirmed')).toBe(true);
    expect(mentionsVerification('Empty post: Please add some content to your post.')).toBe(false);
    expect(mentionsVerification('email-scan.png is not a supported format')).toBe(false);
  });
});

describe('outcomeToast', () => {
  it('uses the spec wording', () => {
    expect(outcomeToast({ kind: 'created', limited: true }).message).toMatch(/^Post created with limited features/);
    expect(outcomeToast({ kind: 'failed', reason: 'Server down' })).toEqual({
      message: 'Failed to create post: Server down',
      tone: 'error',
    });
    expect(outcomeToast({ kind: 'failed', reason: null })).toEqual({ message: 'Failed to create post', tone: 'error' });
  });
});
