import { PHOTO_MESSAGES, PHOTO_RULES, photoKind } from '../photos';

const bytes = (...b: number[]) => new Uint8Array(b);
const ascii = (s: string) => new Uint8Array([...s].map((c) => c.charCodeAt(0)));

describe('the photo rule', () => {
  it('reads the kind from the first bytes', () => {
    expect(photoKind(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(photoKind(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(photoKind(ascii('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
  });

  it('refuses what is not a JPG, PNG or WebP, whatever its name says', () => {
    // An iPhone HEIC: ....ftypheic
    expect(photoKind(new Uint8Array([0, 0, 0, 24, ...ascii('ftypheic')]))).toBeUndefined();
    expect(photoKind(ascii('GIF89a'))).toBeUndefined();
    expect(photoKind(ascii('%PDF-1.7'))).toBeUndefined();
    expect(photoKind(bytes())).toBeUndefined();
  });

  it('says one count everywhere', () => {
    expect(PHOTO_RULES.maxCount).toBe(10);
    expect(PHOTO_MESSAGES.count).toBe('You can add up to 10 photos per order.');
  });
});
