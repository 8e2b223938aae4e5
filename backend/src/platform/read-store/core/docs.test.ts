import { copyJson, toJson } from './docs';

describe('copyJson', () => {
  it('copies a stored document deeply: equal to it, sharing no object or array', () => {
    const doc = { id: 'p1', n: 2, ok: true, none: null, tags: ['a', 'b'], media: [{ id: 'm', size: { w: 1 } }] };
    const copy = copyJson(doc);
    expect(copy).toEqual(doc);
    expect(copy).not.toBe(doc);
    expect(copy.tags).not.toBe(doc.tags);
    expect(copy.media[0]).not.toBe(doc.media[0]);
    expect(copy.media[0]!.size).not.toBe(doc.media[0]!.size);
    copy.media[0]!.size.w = 9;
    expect(doc.media[0]!.size.w).toBe(1);
  });

  it('gives what a round trip through JSON gives for a stored document', () => {
    const doc = JSON.parse('{"id":"x","a":[1,[2,{"b":"c"}]],"e":{},"f":[]}') as object;
    expect(copyJson(doc)).toEqual(toJson(doc));
  });

  it('keeps an own "__proto__" key as a key, not as the prototype', () => {
    const doc = JSON.parse('{"id":"x","__proto__":{"polluted":true}}') as Record<string, unknown>;
    const copy = copyJson(doc);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect((copy as { polluted?: boolean }).polluted).toBeUndefined();
    expect(Object.keys(copy)).toEqual(['id', '__proto__']);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(doc));
  });
});
