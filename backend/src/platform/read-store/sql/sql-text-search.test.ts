import { parseTsvectorText, tsqueryLiteral, tsvectorLiteral } from './sql-text-search';

describe('tsvector and tsquery literals', () => {
  it('lists each term once with its positions', () => {
    expect(tsvectorLiteral(['prai', 'dawn', 'prai'])).toBe("'prai':1,3 'dawn':2");
    expect(tsvectorLiteral([])).toBe('');
  });

  it('ANDs the terms and makes the last word a prefix', () => {
    expect(tsqueryLiteral({ terms: ['a', 'ب'], prefix: 'c' })).toBe("'a' & 'ب' & 'c':*");
    expect(tsqueryLiteral({ terms: [], prefix: 'c' })).toBe("'c':*");
  });

  it('escapes quotes and backslashes should a term ever hold them', () => {
    expect(tsqueryLiteral({ terms: ["it's"], prefix: 'a\\b' })).toBe("'it''s' & 'a\\\\b':*");
  });

  it('keeps at most 256 positions per term and none beyond 16383', () => {
    const many = tsvectorLiteral(Array.from({ length: 300 }, () => 'x'));
    expect(many.split(',')).toHaveLength(256);
  });
});

describe('tsvector text', () => {
  it('reads back the terms and positions PostgreSQL prints', () => {
    expect(parseTsvectorText("'dawn':2 'it''s':4A 'prai':1,3 'a\\\\b' 'صلا':5")).toEqual(
      new Map([
        ['dawn', [2]],
        ["it's", [4]],
        ['prai', [1, 3]],
        ['a\\b', []],
        ['صلا', [5]],
      ]),
    );
    expect(parseTsvectorText('')).toEqual(new Map());
  });
});
