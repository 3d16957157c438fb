/** Rasterising SVG text with sharp (librsvg): WebP encoding and luminance measurement. */
import sharp from 'sharp';

const WEBP_QUALITY = 70;

function encoder(svgText: string, quality: number) {
  return sharp(Buffer.from(svgText)).webp({ quality, effort: 6, smartSubsample: true });
}

export function webpBuffer(svgText: string, quality = WEBP_QUALITY): Promise<Buffer> {
  return encoder(svgText, quality).toBuffer();
}

/** Writes the WebP and returns its size in bytes. */
export async function writeWebp(svgText: string, file: string, quality = WEBP_QUALITY): Promise<number> {
  const info = await encoder(svgText, quality).toFile(file);
  return info.size;
}

/** Mean luminance (0..1) of a region of a rendered SVG. */
export async function regionLuminance(svgText: string, left: number, top: number, width: number, height: number): Promise<number> {
  const st = await sharp(Buffer.from(svgText)).extract({ left: Math.round(left), top: Math.round(top), width: Math.round(width), height: Math.round(height) }).stats();
  const [rc, gc, bc] = st.channels;
  return ((rc?.mean ?? 0) * 0.299 + (gc?.mean ?? 0) * 0.587 + (bc?.mean ?? 0) * 0.114) / 255;
}

/** Raw RGB pixels of a rendered SVG (video frames). */
export function rgbPixels(svgText: string): Promise<Buffer> {
  return sharp(Buffer.from(svgText)).removeAlpha().raw().toBuffer();
}
