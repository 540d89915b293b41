import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { recordFetches } from '@/test/support/yoruba';
import { renderTicketImage, TICKET_IMAGE_SIZE } from './ticket-image';

const PASS = 'ITN1.7K3Q9P.20251024.2.c2lnbmF0dXJlLW9mLXRoZS1wYXNzLWJ5LXRoZS1iYWNrZW5k';

async function decode(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data;
}

describe('renderTicketImage', () => {
  it('draws a PNG whose QR code reads back as the text it was given, with the caller’s headers', async () => {
    const response = await renderTicketImage(
      { qrText: PASS, reference: 'ITN-7K3Q9P', edition: 'Ìtàn Festival 2025', dates: '24–25 October 2025', venue: 'Centenary Hall, Ake, Abeokuta', wristbands: 2 },
      { 'Cache-Control': 'private, no-store' },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const png = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('content-length')).toBe(String(png.byteLength));
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const meta = await sharp(png).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual(TICKET_IMAGE_SIZE);
    expect(await decode(png)).toBe(PASS);
  });

  it('draws a venue and edition written in Yorùbá without asking the network for a font', async () => {
    const network = recordFetches();
    try {
      const response = await renderTicketImage(
        { qrText: PASS, reference: 'ITN-7K3Q9P', edition: 'Ìtàn Festival 2025: Ẹ̀kọ́ Ọ̀rọ̀', dates: '24–25 October 2025', venue: 'Gbọ̀ngàn Ṣọ́ọ̀ṣì Àkẹ́, Abẹ́òkúta', wristbands: 1 },
        { 'Cache-Control': 'private, no-store' },
      );
      expect(response.status).toBe(200);
      expect(await decode(Buffer.from(await response.arrayBuffer()))).toBe(PASS);
      expect(network.urls).toEqual([]);
    } finally {
      network.restore();
    }
  });
});
