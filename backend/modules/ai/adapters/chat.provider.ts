import type { AiAskResponse } from '@contract';
import type { Logger } from '@platform/logging';
import OpenAI from 'openai';

import { ANSWER_TEXTS, citationOf, offlineAnswer } from '../answers/compose';
import { refOf, type Verse } from '../corpus/quran-corpus';
import { AI_LIMITS } from '../limits';
import type { AnswerProvider } from '../ports/answer-provider.port';
import { checkReferences } from '../references';
import { type QuranIndex, quranIndex } from '../retrieval/quran-index';
import type { Lang } from '../text/terms';

export interface ChatProviderOptions {
  /** An OpenAI-compatible API root, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1. */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** The whole model call, connection to last byte; past it the offline answer goes out. */
  timeoutMs: number;
  logger: Logger;
  index?: () => QuranIndex;
}

const SYSTEM_PROMPT: Record<Lang, string> = {
  en: [
    'You are the AI Scholar of DeenConnect, an app for a Muslim community.',
    'Answer the question from the Quran verses given below, and from nothing else.',
    'Cite each verse you rely on as (surah:ayah), for example (2:153). When you quote a verse, put its words in double quotes exactly as given.',
    'Never cite a verse that is not in the list. If the verses do not answer the question, say so in one sentence.',
    'Do not give a fatwa or a ruling; for rulings, say that a qualified scholar should be consulted.',
    'Answer in English, in at most 180 words, in plain text.',
  ].join(' '),
  ar: [
    'أنت العالم الآلي في تطبيق DeenConnect لمجتمع مسلم.',
    'أجب عن السؤال من آيات القرآن المعطاة أدناه فقط.',
    'اذكر كل آية تعتمد عليها بالشكل (السورة:الآية) بأرقام مثل (2:153)، وإذا اقتبست آية فضع نصها بين علامتي تنصيص كما هو.',
    'لا تذكر آية ليست في القائمة. إذا لم تُجب الآيات عن السؤال فقل ذلك في جملة واحدة.',
    'لا تُصدر فتوى ولا حكمًا؛ وانصح بسؤال عالم مؤهل في الأحكام.',
    'أجب بالعربية في 180 كلمة على الأكثر، بنص عادي.',
  ].join(' '),
};

function userPrompt(question: string, verses: readonly Verse[]): string {
  const list = verses
    .map((v) => `(${refOf(v)}) ${v.surahName}\nArabic: ${v.arabic}\nEnglish: ${v.translation}`)
    .join('\n\n');
  return `Question: ${question}\n\nVerses:\n\n${list}`;
}

/** Why a model answer was not used, for the log. */
function reasonOf(error: unknown): string {
  if (error instanceof OpenAI.APIConnectionTimeoutError) return 'timeout';
  if (error instanceof OpenAI.APIUserAbortError) return 'timeout';
  if (error instanceof OpenAI.APIError && error.status) return `status ${error.status}`;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/**
 * Answers with a chat model on an OpenAI-compatible endpoint (the official openai SDK), grounded on
 * the offline retrieval: the prompt carries the verses that best match the question, and every
 * reference the reply makes is checked against the Quran (references.ts) before it goes out.
 * Timeouts, refusals (429), server errors and malformed replies fall back to the offline answer;
 * nothing is retried, so no request waits longer than timeoutMs for the model.
 */
export class ChatAnswerProvider implements AnswerProvider {
  readonly name = 'model' as const;
  private readonly client: OpenAI;
  private readonly index: () => QuranIndex;

  constructor(private readonly options: ChatProviderOptions) {
    this.index = options.index ?? quranIndex;
    this.client = new OpenAI({
      baseURL: options.baseUrl,
      // Local servers (Ollama, llama.cpp, vLLM) take any key; the SDK insists on one.
      apiKey: options.apiKey ?? 'none',
      timeout: options.timeoutMs,
      maxRetries: 0,
    });
  }

  async answer(question: string): Promise<AiAskResponse> {
    const index = this.index();
    const retrieval = index.retrieve(question, AI_LIMITS.groundingVerses);
    const offline = () => offlineAnswer({ ...retrieval, verses: retrieval.verses.slice(0, AI_LIMITS.citationsMax) });
    if (retrieval.verses.length === 0) return offline();

    let reply: string;
    try {
      reply = await this.complete(
        question,
        retrieval.lang,
        retrieval.verses.map((v) => v.verse),
      );
    } catch (error) {
      this.options.logger.warn({ reason: reasonOf(error) }, 'AI model call failed; answering offline');
      return offline();
    }

    const checked = checkReferences(reply, index.corpus);
    if (checked.removed.length) {
      this.options.logger.warn(
        { removed: checked.removed },
        'AI model cited verses that do not exist or misquoted them',
      );
    }
    if (!checked.text) return { ...offline(), removedReferences: checked.removed };
    return {
      answer: checked.text,
      citations: checked.cited.map((v) => citationOf(v, retrieval.lang)),
      disclaimer: ANSWER_TEXTS[retrieval.lang].disclaimer,
      source: 'model',
      removedReferences: checked.removed,
    };
  }

  /** The model's reply text; throws on a timeout, an error status or a reply without text. */
  private async complete(question: string, lang: Lang, verses: readonly Verse[]): Promise<string> {
    // The SDK's own timeout covers the wait for the response; this one covers reading its body too.
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), this.options.timeoutMs);
    try {
      const completion: unknown = await this.client.chat.completions.create(
        {
          model: this.options.model,
          messages: [
            { role: 'system', content: SYSTEM_PROMPT[lang] },
            { role: 'user', content: userPrompt(question, verses) },
          ],
          temperature: 0.2,
          max_tokens: 600,
        },
        { signal: abort.signal, timeout: this.options.timeoutMs, maxRetries: 0 },
      );
      const content = (completion as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message
        ?.content;
      if (typeof content !== 'string' || !content.trim()) throw new Error('The model replied without text');
      return content.trim();
    } finally {
      clearTimeout(timer);
    }
  }
}
