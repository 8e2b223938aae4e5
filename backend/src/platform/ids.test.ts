import { idTime, newId } from './ids';

describe('newId', () => {
  it('makes RFC 9562 version 7 ids that sort in creation order', () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids.slice(0, 10))
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('encodes its time', () => {
    const t = Date.UTC(2030, 0, 1);
    expect(idTime(newId(t))).toBeGreaterThanOrEqual(t);
  });
});
