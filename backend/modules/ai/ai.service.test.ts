import type { AiAskResponse } from '@contract';
import { ApiError } from '@platform/http';
import { silentLogger } from '@platform/logging';

import { AiService } from './ai.service';
import type { AnswerProvider } from './ports/answer-provider.port';

const answer = (source: AiAskResponse['source'], text = 'An answer'): AiAskResponse => ({
  answer: text,
  citations: [],
  disclaimer: 'Not a fatwa.',
  source,
  removedReferences: [],
});

function provider(name: AnswerProvider['name'], reply: () => AiAskResponse) {
  const calls: string[] = [];
  const p: AnswerProvider = {
    name,
    answer: async (question) => {
      calls.push(question);
      return reply();
    },
  };
  return { p, calls };
}

describe('AiService', () => {
  it('asks the provider once per normalised question', async () => {
    const { p, calls } = provider('offline', () => answer('offline'));
    const service = new AiService(p, silentLogger);
    await service.ask('What is Sabr?');
    await service.ask('  what is sabr ');
    await service.ask('What is salah?');
    expect(calls).toEqual(['What is Sabr?', 'What is salah?']);
  });

  it('does not keep an answer that fell back to another source', async () => {
    let source: AiAskResponse['source'] = 'offline';
    const { p, calls } = provider('model', () => answer(source));
    const service = new AiService(p, silentLogger);
    expect((await service.ask('q')).source).toBe('offline');
    source = 'model';
    expect((await service.ask('q')).source).toBe('model');
    expect((await service.ask('q')).source).toBe('model');
    expect(calls).toHaveLength(2);
  });

  it('answers 503 with the spec’s message when the provider fails', async () => {
    const failing: AnswerProvider = {
      name: 'offline',
      answer: () => Promise.reject(new Error('corpus missing')),
    };
    const error = await new AiService(failing, silentLogger).ask('q').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).getStatus()).toBe(503);
    expect((error as ApiError).body).toEqual({
      error: 'Service Unavailable',
      message: 'Failed to get AI answer. Please try again.',
      code: 'AI_UNAVAILABLE',
    });
  });
});
