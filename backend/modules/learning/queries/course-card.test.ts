import { badgesOf, ratingText } from './course-card';

describe('course card badges and rating (spec part 2 §9)', () => {
  it.each([
    [500, 4, []],
    [500, 5, ['trending']],
    [501, 4, ['best_seller']],
    [200, 5, []],
    [201, 4.49, []],
    [201, 4.5, ['trending']],
    [501, 4.5, ['best_seller', 'trending']],
  ])('%i students at %f: %j', (students, mean, badges) => {
    expect(badgesOf(students, mean)).toEqual(badges);
  });

  it('shows the mean with one decimal, 0.0 without reviews', () => {
    expect(ratingText(0, 0)).toBe('0.0');
    expect(ratingText(14, 3)).toBe('4.7');
    expect(ratingText(9, 2)).toBe('4.5');
  });
});
