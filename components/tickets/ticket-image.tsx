import { ImageResponse } from 'next/og';
import QRCode from 'qrcode';
import { FESTIVAL_FULL_NAME, WRISTBAND_HOURS } from '@/contract/festival';
import { loadOgFonts } from '@/lib/seo/og-fonts';

/** Portrait, about a phone screen's shape: the QR code fills the width, the words sit under it. */
export const TICKET_IMAGE_SIZE = { width: 720, height: 1090 } as const;
const QR_SIDE = 600;

const INK = '#10142f';
const INDIGO = '#1d2a6b';
const GOLD = '#f2b632';
const MUTED = '#4f5268';

export interface TicketImageFacts {
  /** What the QR code carries (lib/tickets.ts ticketQrText). */
  qrText: string;
  reference: string;
  /** "Ìtàn Festival 2025". */
  edition: string;
  /** "24–25 October 2025". */
  dates: string;
  venue: string;
  wristbands: number;
}

/**
 * The ticket as one PNG for the phone's photos ("Save ticket image"): the QR code, black on white
 * with its quiet zone, and under it the reference, the edition, its dates and venue, in the site's
 * own fonts (lib/seo/og-fonts.ts: files in lib/seo/fonts, no network). Rendered by next/og.
 */
export async function renderTicketImage(facts: TicketImageFacts, headers: Record<string, string>): Promise<Response> {
  const [{ fonts, drawable }, svg] = await Promise.all([
    loadOgFonts(),
    QRCode.toString(facts.qrText, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000', light: '#ffffff' } }),
  ]);
  const qr = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  const bands = `${facts.wristbands} wristband${facts.wristbands === 1 ? '' : 's'} · ${WRISTBAND_HOURS} hours · entry free`;
  const image = new ImageResponse(
    (
      <div style={{ width: '100%', height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', background: '#ffffff', color: INK, fontFamily: 'Space Grotesk' }}>
        <div style={{ width: '100%', display: 'flex', justifyContent: 'center', padding: '22px 24px', background: INDIGO, color: GOLD, fontSize: 28, fontWeight: 700, letterSpacing: 2 }}>
          {drawable(FESTIVAL_FULL_NAME.toUpperCase())}
        </div>
        {/* eslint-disable-next-line @next/next/no-img-element -- next/og draws plain <img> elements */}
        <img src={qr} width={QR_SIDE} height={QR_SIDE} alt="" style={{ marginTop: 20 }} />
        <div style={{ display: 'flex', marginTop: 4, fontSize: 76, fontWeight: 700, letterSpacing: 6 }}>{drawable(facts.reference)}</div>
        <div style={{ display: 'flex', marginTop: 18, fontFamily: 'Fraunces', fontSize: 48, fontWeight: 700, color: INDIGO }}>{drawable(facts.edition)}</div>
        <div style={{ display: 'flex', marginTop: 8, fontSize: 40, fontWeight: 700 }}>{drawable(facts.dates)}</div>
        <div style={{ display: 'flex', marginTop: 8, padding: '0 40px', fontSize: 30, textAlign: 'center' }}>{drawable(facts.venue)}</div>
        <div style={{ display: 'flex', marginTop: 14, fontSize: 26, color: MUTED }}>{drawable(bands)}</div>
      </div>
    ),
    { ...TICKET_IMAGE_SIZE, fonts: fonts.length > 0 ? fonts : undefined },
  );
  // Whole before answering, so a failed drawing is a 500, not a cut-off file. next/og marks its
  // answers public and immutable for a year: a ticket is private, so the headers are the caller's.
  const png = await image.arrayBuffer();
  return new Response(png, { status: 200, headers: { 'Content-Type': 'image/png', 'Content-Length': String(png.byteLength), ...headers } });
}
