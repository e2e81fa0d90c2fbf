import { profilePhotoExportQuality } from '@leisure/contract/documents';

/** The square the member chose, in the source image's pixels (react-easy-crop's `croppedAreaPixels`). */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Upload at most this many pixels a side: the server keeps 400x400, so more only costs bandwidth. */
const maxSide = 800;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read.'));
    image.src = src;
  });
}

/** Draws the chosen square and exports it as JPEG at the spec's quality 0.7. */
export async function cropToJpeg(
  src: string,
  area: CropArea,
  quality = profilePhotoExportQuality,
): Promise<Blob> {
  const image = await loadImage(src);
  const side = Math.max(1, Math.min(maxSide, Math.round(area.width)));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available.');
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be made.'))),
      'image/jpeg',
      quality,
    );
  });
}
