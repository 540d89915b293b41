import QRCode from 'qrcode';
import sharp from 'sharp';

/** 8 px a module and a 2-module quiet zone: about 330 px, shown at 180 px in the mail. */
const MODULE_PX = 8;
const MARGIN = 2;

/**
 * A link as a black-on-white QR code PNG. qrcode's own PNG writer encodes on the event loop in
 * JavaScript (RGBA, every row filter tried, about 9 ms a mail: most of what a registration cost);
 * here the bitmap is one grey byte a pixel and sharp encodes it on libuv's threads.
 */
export async function qrPng(text: string): Promise<Buffer> {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = (modules.size + 2 * MARGIN) * MODULE_PX;
  const pixels = Buffer.alloc(side * side, 255);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      const x = (col + MARGIN) * MODULE_PX;
      for (let y = (row + MARGIN) * MODULE_PX; y < (row + MARGIN + 1) * MODULE_PX; y++) {
        pixels.fill(0, y * side + x, y * side + x + MODULE_PX);
      }
    }
  }
  return sharp(pixels, { raw: { width: side, height: side, channels: 1 } }).png().toBuffer();
}
