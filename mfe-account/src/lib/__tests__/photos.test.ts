import { checkPhotos, PHOTO_MESSAGES } from '../photos';

describe('card photos', () => {
  const HEAD: Record<string, number[]> = {
    'image/jpeg': [0xff, 0xd8, 0xff, 0xe0],
    'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    'image/gif': [...'GIF89a'].map((c) => c.charCodeAt(0)),
    heic: [0, 0, 0, 24, ...'ftypheic'].map((c) => (typeof c === 'string' ? c.charCodeAt(0) : c)),
  };
  /** A file whose first bytes are those of `content`, whatever its name and type say. */
  const file = (name: string, type: string, size = 1000, content = type) => {
    const bytes = new Uint8Array(size);
    bytes.set(HEAD[content] ?? []);
    return new File([bytes], name, { type });
  };

  test('JPG and PNG up to 5 MB, at most 10 per order, each refusal explained', async () => {
    const big = file('big.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1);
    const { accepted, errors } = await checkPhotos(
      [file('a.jpg', 'image/jpeg'), file('b.png', 'image/png'), file('c.gif', 'image/gif'), big],
      0,
    );
    expect(accepted.map((f) => f.name)).toEqual(['a.jpg', 'b.png']);
    expect(errors).toEqual([PHOTO_MESSAGES.type('c.gif'), PHOTO_MESSAGES.size('big.jpg')]);
    const many = await checkPhotos([file('x.jpg', 'image/jpeg'), file('y.jpg', 'image/jpeg')], 9);
    expect(many.accepted.map((f) => f.name)).toEqual(['x.jpg']);
    expect(many.errors).toEqual([PHOTO_MESSAGES.count]);
  });

  test(
    'reads the kind from the content: an iPhone HEIC named .jpg (or typed image/jpeg) is refused when ' + 'picked',
    async () => {
      const heic = file('IMG_0001.jpg', 'image/jpeg', 1000, 'heic');
      const untyped = file('IMG_0002.HEIC', '', 1000, 'heic');
      const renamed = file('scan.heic', 'image/heic', 1000, 'image/png');
      const { accepted, errors } = await checkPhotos([heic, untyped, renamed], 0);
      expect(accepted.map((f) => f.name)).toEqual(['scan.heic']);
      expect(errors).toEqual([PHOTO_MESSAGES.type('IMG_0001.jpg'), PHOTO_MESSAGES.type('IMG_0002.HEIC')]);
    },
  );
});
