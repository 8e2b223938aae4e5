import { screenDrawn } from './firstScreenDrawn';

const page = (html: string): Document => {
  const doc = document.implementation.createHTMLDocument('');
  doc.body.innerHTML = html;
  return doc;
};

describe('screenDrawn', () => {
  it('is false before the layout has drawn its main', () => {
    expect(screenDrawn(page('<div id="root"></div>'))).toBe(false);
  });

  it.each([
    ['a screen still loading', '<main><div class="screen-loading"></div></main>'],
    ['a list still loading', '<main><section aria-busy="true"></section></main>'],
    ['skeleton rows', '<main><ul><li class="skeleton"></li></ul></main>'],
  ])('is false while %s shows', (_what, html) => {
    expect(screenDrawn(page(html))).toBe(false);
  });

  it('waits for an eager image but not for a lazy one', () => {
    const doc = page('<main><img src="/a.webp"><img loading="lazy" src="/b.webp"></main>');
    const [eager, lazy] = doc.querySelectorAll('img');
    Object.defineProperty(lazy, 'complete', { value: false });
    Object.defineProperty(eager, 'complete', { value: false, configurable: true });
    expect(screenDrawn(doc)).toBe(false);
    Object.defineProperty(eager, 'complete', { value: true });
    expect(screenDrawn(doc)).toBe(true);
  });

  it('is true once the main holds content and nothing loads', () => {
    expect(screenDrawn(page('<main><h1>Learning</h1><section aria-busy="false"></section></main>'))).toBe(true);
  });
});
