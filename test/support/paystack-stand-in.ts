import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Paystack's Charge API (POST /charge), answering in the documented shapes:
 * 200 { status: true, message: 'Charge attempted', data: { status: 'success', reference, gateway_response } }
 * for the success test card, data.status 'failed' (HTTP 400, status false) for the declined one,
 * 'send_otp' for the OTP card, and a 500 or a closed connection on demand.
 * Like Paystack, it keeps every transaction by its reference: a second charge with a reference it
 * has seen is refused (400 "Duplicate Transaction Reference") and charges nothing, and
 * GET /transaction/verify/:reference tells what became of the first.
 */
export interface RecordedCharge {
  authorization: string | undefined;
  body: Record<string, unknown>;
  /** Refused as a duplicate reference: nothing was charged. */
  duplicate: boolean;
}

export interface StandInTransaction {
  reference: string;
  amount: number;
  currency: string;
  status: 'success' | 'failed' | 'send_otp';
  gateway_response: string;
}

export interface PaystackStandIn {
  url: string;
  charges: RecordedCharge[];
  transactions: Map<string, StandInTransaction>;
  /** How many times money moved for this reference (0 or 1 on a correct client). */
  successfulCharges: (reference?: string) => number;
  mode: 'normal' | 'server-error' | 'hang-up';
  close: () => Promise<void>;
}

export const STAND_IN_CARDS = {
  success: '4084084084084081',
  declined: '4084080000005408',
  otp: '5060666666666666666',
} as const;

export async function startPaystackStandIn(secretKey: string): Promise<PaystackStandIn> {
  let succeeded: string[] = [];
  const state: PaystackStandIn = {
    url: '',
    charges: [],
    transactions: new Map(),
    successfulCharges: (reference) => succeeded.filter((r) => reference === undefined || r === reference).length,
    mode: 'normal',
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      if (state.mode === 'hang-up') {
        req.socket.destroy();
        return;
      }
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (state.mode === 'server-error') return send(500, { status: false, message: 'Internal error' });
      if (req.headers.authorization !== `Bearer ${secretKey}`) return send(401, { status: false, message: 'Invalid key' });
      const verify = req.method === 'GET' ? /^\/transaction\/verify\/([^/?]+)$/.exec(req.url ?? '') : null;
      if (verify) {
        const found = state.transactions.get(decodeURIComponent(verify[1]!));
        if (!found) return send(400, { status: false, message: 'Transaction reference not found' });
        return send(200, { status: true, message: 'Verification successful', data: { ...found, channel: 'card' } });
      }
      if (req.method !== 'POST' || req.url !== '/charge') return send(404, { status: false, message: 'Not found' });
      const body = JSON.parse(raw) as Record<string, unknown>;
      const card = body.card as { number?: string } | undefined;
      const reference = typeof body.reference === 'string' ? body.reference : `ref_standin_${state.charges.length}`;
      const duplicate = state.transactions.has(reference);
      state.charges.push({ authorization: req.headers.authorization, body, duplicate });
      if (duplicate) return send(400, { status: false, message: 'Duplicate Transaction Reference' });
      const keep = (status: StandInTransaction['status'], gateway_response: string) =>
        state.transactions.set(reference, { reference, amount: Number(body.amount), currency: String(body.currency ?? 'NGN'), status, gateway_response });
      if (card?.number === STAND_IN_CARDS.success) {
        keep('success', 'Approved');
        succeeded = [...succeeded, reference];
        return send(200, {
          status: true,
          message: 'Charge attempted',
          data: { amount: Number(body.amount), currency: 'NGN', status: 'success', reference, gateway_response: 'Approved', channel: 'card' },
        });
      }
      if (card?.number === STAND_IN_CARDS.otp) {
        keep('send_otp', 'Please enter OTP');
        return send(200, { status: true, message: 'Charge attempted', data: { status: 'send_otp', reference, display_text: 'Please enter OTP' } });
      }
      keep('failed', 'Declined');
      return send(400, {
        status: false,
        message: 'Declined',
        data: { status: 'failed', reference, gateway_response: 'Declined' },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
