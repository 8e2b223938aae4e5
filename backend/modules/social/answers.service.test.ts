import { ProducedAnswers } from '@modules/ai';
import type { AppConfig } from '@platform/config';
import type { CommandExecutor } from '@platform/decider/command-executor';
import type { UserDoc } from '@projections/identity';

import { MemoryAnswerReceipts } from '../ai/receipts/memory.answer-receipts';
import { AnswersService } from './answers.service';
import type { CommunityGate } from './community-gate';

/** What the API tests cannot make happen: the store refusing the share's write. */
describe('AnswersService.share spends an answer only when the share is recorded', () => {
  const config = { ai: { shareWindowMs: 60_000 } } as AppConfig;
  const author = { id: 'm1' } as UserDoc;
  const answer = { question: 'What is zakat?', answer: 'A due on savings (9:60).', anonymous: false };
  const meta = { actor: 'm1' };

  function service(execute: () => Promise<unknown>) {
    const produced = new ProducedAnswers(new MemoryAnswerReceipts(), config);
    const commands = { execute: jest.fn(execute) } as unknown as CommandExecutor;
    // No community is asked for here: the gate is never reached.
    const communities = {} as CommunityGate;
    return { produced, commands, answers: new AnswersService(commands, produced, communities) };
  }

  it('gives the answer back when the write fails, so the member can share it after all', async () => {
    let fail = true;
    const { produced, answers, commands } = service(async () => {
      if (fail) throw new Error('event store unavailable');
      return {};
    });
    await produced.remember('m1', answer.question, answer.answer);
    await expect(answers.share(author, answer, null, meta)).rejects.toThrow('event store unavailable');
    fail = false;
    await expect(answers.share(author, answer, null, meta)).resolves.toEqual(expect.any(String));
    await expect(answers.share(author, answer, null, meta)).rejects.toMatchObject({ code: 'ANSWER_NOT_PRODUCED' });
    expect(commands.execute).toHaveBeenCalledTimes(2);
  });
});
