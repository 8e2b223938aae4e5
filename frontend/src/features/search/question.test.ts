import { ISLAMIC_TERMS, isQuestion, QUESTION_FIRST_WORDS, QUESTION_PHRASES } from './question';

/** Spec part 2 §5, one block per rule. */
describe('isQuestion (§5 question detection)', () => {
  describe('minimum length 3 after trimming', () => {
    it.each(['', '  ', 'a?', ' ?  ', 'is', '  wh  '])('%j is too short', (text) => {
      expect(isQuestion(text)).toBe(false);
    });
    it('counts the length after trimming, so padding does not make a question', () => {
      expect(isQuestion('   a?    ')).toBe(false);
      expect(isQuestion('   ab?   ')).toBe(true);
    });
  });

  describe("ends with '?'", () => {
    it.each(['patience?', 'Salaam?', '  fasting rules?  ', 'xyz?'])('%j is a question', (text) => {
      expect(isQuestion(text)).toBe(true);
    });
    it("accepts the Arabic question mark '؟' too", () => {
      expect(isQuestion('ما هو الصبر؟')).toBe(true);
    });
    it("a '?' inside the text is not enough", () => {
      expect(isQuestion('a?b patience')).toBe(false);
    });
  });

  describe('first word is a question word', () => {
    it('covers exactly the §5 list', () => {
      expect([...QUESTION_FIRST_WORDS].sort()).toEqual(
        [
          'what',
          'why',
          'how',
          'when',
          'where',
          'who',
          'which',
          'can',
          'could',
          'should',
          'would',
          'is',
          'are',
          'does',
          'did',
          'will',
          'tell',
          'explain',
        ].sort(),
      );
    });
    it.each([...QUESTION_FIRST_WORDS].map((word) => `${word} patience matters`))('%j is a question', (text) => {
      expect(isQuestion(text)).toBe(true);
    });
    it('is case-insensitive', () => {
      expect(isQuestion('WHERE are the sisters')).toBe(true);
      expect(isQuestion('Can I join')).toBe(true);
    });
    it('matches whole first words only', () => {
      expect(isQuestion('whatever happened')).toBe(false);
      expect(isQuestion('island trip')).toBe(false);
      expect(isQuestion('willow tree')).toBe(false);
    });
    it('a question word later in the text does not count', () => {
      expect(isQuestion('patience when tired')).toBe(false);
    });
  });

  describe('contains a question phrase', () => {
    it.each(QUESTION_PHRASES.map((phrase) => `notes ${phrase} things`))('%j is a question', (text) => {
      expect(isQuestion(text)).toBe(true);
    });
    it('finds a phrase anywhere, in any case', () => {
      expect(isQuestion('please DEFINE sabr')).toBe(true);
      expect(isQuestion('ok so what is tawakkul')).toBe(true);
      expect(isQuestion('guide: how to make wudu')).toBe(true);
    });
    it('a single word that is a phrase counts', () => {
      expect(isQuestion('explain')).toBe(true);
      expect(isQuestion('define')).toBe(true);
    });
  });

  describe('an Islamic term and 2 or more words', () => {
    it.each(ISLAMIC_TERMS.map((term) => `${term} times`))('%j is a question', (text) => {
      expect(isQuestion(text)).toBe(true);
    });
    it.each(ISLAMIC_TERMS)('%j alone (one word) is a normal search', (term) => {
      expect(isQuestion(term)).toBe(false);
    });
    it('matches the term inside a longer word and in any case', () => {
      expect(isQuestion('Islamic history')).toBe(true);
      expect(isQuestion('RAMADAN kareem')).toBe(true);
    });
  });

  describe('more than 8 words', () => {
    it('9 words make a question', () => {
      expect(isQuestion('one two three four five six seven eight nine')).toBe(true);
    });
    it('8 words do not', () => {
      expect(isQuestion('one two three four five six seven eight')).toBe(false);
    });
    it('counts words across any whitespace', () => {
      expect(isQuestion(' one\ttwo\nthree  four five six seven eight nine ')).toBe(true);
    });
  });

  describe('negatives: normal searches', () => {
    it.each(['patience', 'Patience', '#ramadan2026', '@amina_demo', 'sabr and shukr', 'amina', 'kenya orphans'])(
      '%j is a search',
      (text) => {
        expect(isQuestion(text)).toBe(false);
      },
    );
  });
});
