import { setTimeout as sleep } from 'node:timers/promises';

import type { AnswerReceipts } from '../receipts/answer-receipts.port';
import { answerReceipt } from '../receipts/answer-receipts.port';

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
    await store.add(r, 5000);
    await sleep(600);
    await store.add(r, 5000);
    // Measured by what it has left, not by waiting for the first window to close: a loaded machine
    // stretched a 200 ms sleep past a 300 ms window. The first window has at most 4,400 ms left.
    expect(await store.take(r)).toBeGreaterThan(4600);
  });

  it('gives a receipt to one take only, with the time it had left; then it is gone', async () => {
    const r = answerReceipt('m1', 'q', 'a');
    expect(await store.take(r)).toBeNull();
    await store.add(r, 5000);
    const left = await store.take(r);
    expect(left).toBeGreaterThan(4000);
    expect(left).toBeLessThanOrEqual(5000);
    expect(await store.has(r)).toBe(false);
    expect(await store.take(r)).toBeNull();
  });

  it('lets exactly one of many concurrent takes have it', async () => {
    const r = answerReceipt('m1', 'q', 'a');
    await store.add(r, 5000);
    const takes = await Promise.all(Array.from({ length: 25 }, () => store.take(r)));
    expect(takes.filter((t) => t !== null)).toHaveLength(1);
  });

  it('takes nothing expired, and only the receipt named', async () => {
    const [r, other] = [answerReceipt('m1', 'q', 'a'), answerReceipt('m1', 'q', 'b')];
    await store.add(r, 200);
    await store.add(other, 5000);
    await sleep(350);
    expect(await store.take(r)).toBeNull();
    expect(await store.has(other)).toBe(true);
  });

  it('has a receipt again when it is added back with what it had left', async () => {
    const r = answerReceipt('m1', 'q', 'a');
    await store.add(r, 300);
    const left = (await store.take(r))!;
    await store.add(r, left);
    expect(await store.has(r)).toBe(true);
    await sleep(450);
    expect(await store.has(r)).toBe(false);
  });
}
