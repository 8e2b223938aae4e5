import { setTimeout as sleep } from 'node:timers/promises';

import type { AnswerReceipts } from './answer-receipts.port';
import { answerReceipt } from './answer-receipts.port';

/** What every AnswerReceipts adapter must do; `open` gives a fresh, empty store. */
export function answerReceiptsContract(open: () => Promise<AnswerReceipts> | AnswerReceipts) {
  let store: AnswerReceipts;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(() => store.close());

  it('knows a receipt added until it expires, and nothing it was not given', async () => {
    const r = answerReceipt('m1', 'What is zakat?', 'A due on savings.');
    expect(await store.has(r)).toBe(false);
    await store.add(r, 300);
    expect(await store.has(r)).toBe(true);
    expect(await store.has(answerReceipt('m2', 'What is zakat?', 'A due on savings.'))).toBe(false);
    await sleep(450);
    expect(await store.has(r)).toBe(false);
  });

  it('starts the window again when the same answer is given again', async () => {
    const r = answerReceipt('m1', 'q', 'a');
    await store.add(r, 300);
    await sleep(200);
    await store.add(r, 300);
    await sleep(200);
    expect(await store.has(r)).toBe(true);
  });
}
