import { AUTOPLAY, chooseActive, playerKeyAction } from './autoplay';

const ratios = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe('autoplay choice (part 2 §4, §9)', () => {
  it('picks the clip most visible at or above 0.6', () => {
    expect(chooseActive(ratios({ a: 0.2, b: 0.7, c: 0.9 }), null)).toBe('c');
    expect(chooseActive(ratios({ a: 0.6 }), null)).toBe('a');
    expect(chooseActive(ratios({ a: 0.59, b: 0.4 }), null)).toBeNull();
  });

  it('keeps the current clip on a tie, switches when another is more visible', () => {
    expect(chooseActive(ratios({ a: 0.8, b: 0.8 }), 'b')).toBe('b');
    expect(chooseActive(ratios({ a: 0.9, b: 0.7 }), 'b')).toBe('a');
  });

  it('keeps the current clip between 0.3 and 0.6 and drops it below 0.3', () => {
    expect(chooseActive(ratios({ a: 0.45, b: 0.5 }), 'a')).toBe('a');
    expect(chooseActive(ratios({ a: AUTOPLAY.pause }), 'a')).toBe('a');
    expect(chooseActive(ratios({ a: 0.29, b: 0.5 }), 'a')).toBeNull();
    expect(chooseActive(ratios({}), 'gone')).toBeNull();
  });

  it('maps the player keys of §9', () => {
    expect(playerKeyAction('ArrowRight')).toEqual({ kind: 'seek', seconds: 10 });
    expect(playerKeyAction('ArrowLeft')).toEqual({ kind: 'seek', seconds: -10 });
    expect(playerKeyAction(' ')).toEqual({ kind: 'togglePlay' });
    expect(playerKeyAction('m')).toEqual({ kind: 'toggleMute' });
    expect(playerKeyAction('F')).toEqual({ kind: 'fullscreen' });
    expect(playerKeyAction('ArrowDown')).toEqual({ kind: 'next' });
    expect(playerKeyAction('x')).toBeNull();
  });
});
