import { questionKey } from './ai.service';
import { AnswerCache } from './answer-cache';

describe('the answer cache', () => {
  it('forgets the least recently used entry past its size', () => {
    const cache = new AnswerCache<string>(2, 60_000);
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A'); // a is now the most recent
    cache.set('c', 'C');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.get('c')).toBe('C');
    expect(cache.size).toBe(2);
  });

  it('forgets entries past their time to live', () => {
    let now = 0;
    const cache = new AnswerCache<string>(10, 1000, () => now);
    cache.set('a', 'A');
    now = 999;
    expect(cache.get('a')).toBe('A');
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keys questions by their normalised text', () => {
    expect(questionKey('  What is  SABR? ')).toBe(questionKey('what is sabr'));
    expect(questionKey('ما هو الصَّبْرُ؟')).toBe(questionKey('ما هو الصبر'));
    expect(questionKey('What is sabr?')).not.toBe(questionKey('What is salah?'));
  });
});
