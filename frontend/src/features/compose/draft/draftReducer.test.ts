import { EMPTY_DRAFT } from './draft';
import { draftReducer } from './draftReducer';

describe('draftReducer', () => {
  it('cycles the text size normal → large → small → normal', () => {
    let d = EMPTY_DRAFT;
    const sizes = [];
    for (let i = 0; i < 3; i++) {
      d = draftReducer(d, { type: 'textSizeCycled' });
      sizes.push(d.textSize);
    }
    expect(sizes).toEqual(['large', 'small', 'normal']);
  });

  it('opens a poll with 2 options, adds up to 4 and removes down to 2', () => {
    let d = draftReducer(EMPTY_DRAFT, { type: 'pollToggled' });
    expect(d.poll).toEqual(['', '']);
    d = draftReducer(d, { type: 'pollOptionRemoved', index: 0 });
    expect(d.poll).toHaveLength(2);
    for (let i = 0; i < 5; i++) d = draftReducer(d, { type: 'pollOptionAdded' });
    expect(d.poll).toHaveLength(4);
    d = draftReducer(d, { type: 'pollOptionChanged', index: 2, text: 'Third' });
    d = draftReducer(d, { type: 'pollOptionRemoved', index: 1 });
    expect(d.poll).toEqual(['', 'Third', '']);
    expect(draftReducer(d, { type: 'pollToggled' }).poll).toBeNull();
  });

  it('changes one caption and removes one item', () => {
    const file = new File(['x'], 'a.jpg', { type: 'image/jpeg' });
    const item = {
      id: 'a',
      file,
      type: 'image' as const,
      preview: '',
      duration: null,
      dimensions: null,
      compressed: false,
      caption: '',
    };
    let d = draftReducer(EMPTY_DRAFT, { type: 'mediaAdded', items: [item, { ...item, id: 'b' }] });
    d = draftReducer(d, { type: 'captionChanged', id: 'b', caption: 'Masjid' });
    expect(d.media.map((m) => m.caption)).toEqual(['', 'Masjid']);
    d = draftReducer(d, { type: 'mediaRemoved', id: 'a' });
    expect(d.media.map((m) => m.id)).toEqual(['b']);
  });
});
