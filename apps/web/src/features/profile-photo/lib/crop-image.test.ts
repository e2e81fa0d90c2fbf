import { afterEach, describe, expect, it, vi } from 'vitest';
import { cropToJpeg } from './crop-image';

class LoadingImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(_value: string) {
    queueMicrotask(() => this.onload?.());
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('cropToJpeg', () => {
  it('draws the chosen square and exports a JPEG at quality 0.7, at most 800 px a side', async () => {
    vi.stubGlobal('Image', LoadingImage);
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as never);
    let size = { width: 0, height: 0 };
    const toBlob = vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
      this: HTMLCanvasElement,
      done: BlobCallback,
    ) {
      size = { width: this.width, height: this.height };
      done(new Blob(['jpeg'], { type: 'image/jpeg' }));
    });
    const blob = await cropToJpeg('blob:photo', { x: 100, y: 50, width: 1200, height: 1200 });
    expect(blob.type).toBe('image/jpeg');
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.7);
    expect(size).toEqual({ width: 800, height: 800 });
    expect(drawImage).toHaveBeenCalledWith(expect.any(LoadingImage), 100, 50, 1200, 1200, 0, 0, 800, 800);
  });
});
