import { stemEnglish } from './english-stemmer';

describe('stemEnglish', () => {
  it.each([
    ['praying', 'prai'],
    ['prayed', 'prai'],
    ['prays', 'prai'],
    ['pray', 'prai'],
    ['prayers', 'prayer'],
    ['caresses', 'caress'],
    ['ponies', 'poni'],
    ['cats', 'cat'],
    ['hopping', 'hop'],
    ['falling', 'fall'],
    ['filing', 'file'],
    ['agreed', 'agree'],
    ['conflated', 'conflate'],
    ['sky', 'sky'],
    ['is', 'is'],
  ])('%s → %s', (word, stem) => {
    expect(stemEnglish(word)).toBe(stem);
  });

  it('leaves derivations apart', () => {
    expect(stemEnglish('prayer')).not.toBe(stemEnglish('pray'));
  });
});
