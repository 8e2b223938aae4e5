import { i18n } from '@/i18n';

import { admitFiles } from './admitFiles';
import { fitWithin } from './processMedia';

const MB = 1024 * 1024;
const f = (name: string, type: string, size = 10) => ({ name, type, size });

describe('media uploader rules (part 2 §5)', () => {
  it('takes images and videos up to 50MB, at most 4, with the spec texts for the rest', () => {
    const { accepted, problems } = admitFiles(
      [
        f('a.jpg', 'image/jpeg'),
        f('doc.pdf', 'application/pdf'),
        f('big.mp4', 'video/mp4', 50 * MB + 1),
        f('b.mp4', 'video/mp4', 50 * MB),
        f('c.png', 'image/png'),
        f('d.webp', 'image/webp'),
        f('e.gif', 'image/gif'),
      ],
      0,
    );
    expect(accepted.map((x) => x.name)).toEqual(['a.jpg', 'b.mp4', 'c.png', 'd.webp']);
    const texts = problems.map((p) => [i18n.t(p.title), i18n.t(p.message, { file: p.file })]);
    expect(texts).toEqual([
      ['Invalid file type', 'doc.pdf is not a supported format'],
      ['File too large', 'big.mp4 exceeds the 50MB limit'],
      ['Too many files', 'e.gif was not added: at most 4 files'],
    ]);
    expect(admitFiles([f('x.jpg', 'image/jpeg')], 4).accepted).toEqual([]);
  });

  it('fits images within 2048 px on the longest side, never enlarging', () => {
    expect(fitWithin(4096, 3072)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(1000, 5000)).toEqual({ width: 410, height: 2048 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });
});
