import { describe, expect, it } from 'vitest';
import { jpegName, scaledSize, uploadDecision } from './imageUpload.ts';

const MB = 1024 * 1024;

describe('uploadDecision', () => {
  it('sends an image within 5 MB as it is', () => {
    expect(uploadDecision({ size: 5 * MB, type: 'image/png' })).toBe('send');
    expect(uploadDecision({ size: 100, type: 'image/gif' })).toBe('send');
  });
  it('shrinks a photo over 5 MB instead of refusing it', () => {
    expect(uploadDecision({ size: 5 * MB + 1, type: 'image/jpeg' })).toBe('shrink');
    expect(uploadDecision({ size: 12 * MB, type: 'image/png' })).toBe('shrink');
    expect(uploadDecision({ size: 8 * MB, type: 'image/webp' })).toBe('shrink');
  });
  it('refuses a large GIF (its animation would be lost) and anything that is not an image', () => {
    expect(uploadDecision({ size: 6 * MB, type: 'image/gif' })).toBe('FILE_TOO_LARGE');
    expect(uploadDecision({ size: 6 * MB, type: 'application/pdf' })).toBe('FILE_TOO_LARGE');
    expect(uploadDecision({ size: 1000, type: 'application/pdf' })).toBe('FILE_NOT_IMAGE');
  });
});

describe('scaledSize', () => {
  it('brings the longest side down to 2560 px and keeps the shape', () => {
    // A 48 MP phone photo, landscape and portrait.
    expect(scaledSize(8000, 6000)).toEqual({ width: 2560, height: 1920 });
    expect(scaledSize(6000, 8000)).toEqual({ width: 1920, height: 2560 });
    expect(scaledSize(4032, 3024)).toEqual({ width: 2560, height: 1920 });
  });
  it('never enlarges, and never goes below one pixel', () => {
    expect(scaledSize(2000, 1000)).toEqual({ width: 2000, height: 1000 });
    expect(scaledSize(2560, 2560)).toEqual({ width: 2560, height: 2560 });
    expect(scaledSize(100_000, 10)).toEqual({ width: 2560, height: 1 });
  });
});

describe('jpegName', () => {
  it('names the re-encoded file for what it is', () => {
    expect(jpegName('IMG_0001.PNG')).toBe('IMG_0001.jpg');
    expect(jpegName('receipt.v2.webp')).toBe('receipt.v2.jpg');
    expect(jpegName('photo')).toBe('photo.jpg');
    expect(jpegName('.png')).toBe('image.jpg');
  });
});
