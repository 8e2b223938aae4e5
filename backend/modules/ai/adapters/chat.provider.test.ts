import { silentLogger } from '@platform/logging';

import { quranCorpus } from '../corpus/quran-corpus';
import { type FakeChatServer, startFakeChatServer } from '../testing/fake-chat-server';
import { ChatAnswerProvider } from './chat.provider';
import { OfflineAnswerProvider } from './offline.provider';

const QUESTION = 'What does the Quran say about patience?';
// Answers the model gives are awaited patiently (a loaded machine can take a second to serve the
// first request); the timeout tests use a provider of their own with a short one.
const TIMEOUT_MS = 10_000;
const SHORT_TIMEOUT_MS = 400;

describe('the OpenAI-compatible chat provider', () => {
  let fake: FakeChatServer;
  let provider: ChatAnswerProvider;
  const withTimeout = (timeoutMs: number) =>
    new ChatAnswerProvider({
      baseUrl: fake.baseUrl,
      apiKey: 'sk-test',
      model: 'scholar-test',
      timeoutMs,
      logger: silentLogger,
    });
  const offline = new OfflineAnswerProvider();

  beforeAll(async () => {
    fake = await startFakeChatServer();
    // The index is built once here, so that no timing below includes it.
    await offline.answer(QUESTION);
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    provider = withTimeout(TIMEOUT_MS);
  });

  it('sends the question with the retrieved verses, and answers with the model’s text and real citations', async () => {
    const reply =
      'Allah tells the believers to "seek help through patience and prayer" (2:153), and to be patient and persevere (3:200).';
    fake.reply({ kind: 'text', content: reply });
    const answer = await provider.answer(QUESTION);
    expect(answer).toMatchObject({ source: 'model', answer: reply, removedReferences: [] });
    expect(answer.citations.map((c) => `${c.surah}:${c.ayah}`)).toEqual(['2:153', '3:200']);
    expect(answer.citations[0]).toEqual({
      surah: 2,
      ayah: 153,
      surahName: 'Al-Baqarah',
      arabic: quranCorpus().verse(2, 153)!.arabic,
      translation: 'O you who have believed, seek help through patience and prayer. Indeed, Allah is with the patient',
    });
    expect(answer.disclaimer).toMatch(/not a fatwa/);

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.headers.authorization).toBe('Bearer sk-test');
    expect(request!.body.model).toBe('scholar-test');
    const prompt = request!.body.messages!.map((m) => m.content).join('\n');
    expect(prompt).toContain(QUESTION);
    expect(prompt).toContain('(2:153)');
    expect(prompt).toContain('seek help through patience and prayer');
  });

  it('removes and flags a made-up verse, keeping the rest of the answer', async () => {
    fake.reply({
      kind: 'text',
      content: 'Patience is the key to Paradise (2:999). Allah is with the patient (2:153).',
    });
    const answer = await provider.answer(QUESTION);
    expect(answer.source).toBe('model');
    expect(answer.removedReferences).toEqual(['2:999']);
    expect(answer.answer).toBe('Allah is with the patient (2:153).');
    expect(answer.answer).not.toContain('2:999');
    expect(answer.citations.map((c) => `${c.surah}:${c.ayah}`)).toEqual(['2:153']);
  });

  it('falls back to the offline answer when every sentence cites a verse that fails', async () => {
    fake.reply({ kind: 'text', content: 'Allah says: "Patience is half of faith" (2:153). See also 200:1.' });
    const answer = await provider.answer(QUESTION);
    expect(answer.source).toBe('offline');
    expect(answer.removedReferences).toEqual(['2:153', '200:1']);
    expect(answer.answer).toBe((await offline.answer(QUESTION)).answer);
  });

  it.each([
    ['a 429', { kind: 'status', status: 429, message: 'Rate limit reached' }],
    ['a 500', { kind: 'status', status: 500 }],
    ['a 503', { kind: 'status', status: 503 }],
    ['JSON that does not parse', { kind: 'raw', body: '{"choices": [ {"message": ' }],
    ['a completion without choices', { kind: 'raw', body: '{"id":"x","object":"chat.completion"}' }],
    ['an empty message', { kind: 'raw', body: JSON.stringify({ choices: [{ message: { content: '  ' } }] }) }],
  ] as const)('falls back to the offline answer on %s, at once and without retrying', async (_, reply) => {
    fake.reply(reply);
    const started = Date.now();
    const answer = await provider.answer(QUESTION);
    // Not after waiting out the timeout.
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS);
    expect(answer).toEqual(await offline.answer(QUESTION));
    expect(answer.source).toBe('offline');
    expect(fake.requests).toHaveLength(1);
  });

  it.each([
    ['no answer at all', { kind: 'hang' }],
    ['a body that stops half-way', { kind: 'stall' }],
  ] as const)('falls back to the offline answer after the timeout on %s', async (_, reply) => {
    fake.reply(reply);
    const started = Date.now();
    const answer = await withTimeout(SHORT_TIMEOUT_MS).answer(QUESTION);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(SHORT_TIMEOUT_MS - 50);
    expect(took).toBeLessThan(SHORT_TIMEOUT_MS + 1000);
    expect(answer.source).toBe('offline');
    expect(answer.citations.length).toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(1);
  });

  it('answers an Arabic question with Arabic surah names and an Arabic disclaimer', async () => {
    fake.reply({ kind: 'text', content: 'قال الله تعالى: «إن الله مع الصابرين» (2:153).' });
    const answer = await provider.answer('ماذا يقول القرآن عن الصبر؟');
    expect(answer).toMatchObject({ source: 'model', removedReferences: [] });
    expect(answer.citations[0]).toMatchObject({ surah: 2, ayah: 153, surahName: 'البقرة' });
    expect(answer.disclaimer).toMatch(/فتوى/);
  });

  it('does not call the model when no verse matches, and says so', async () => {
    const answer = await provider.answer('xqzv wplk');
    expect(answer).toMatchObject({ source: 'offline', citations: [] });
    expect(answer.answer).toMatch(/could not find verses/);
    expect(fake.requests).toHaveLength(0);
  });
});
