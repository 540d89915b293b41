// A real SMTP server on 127.0.0.1 for the registration rush (scripts/bench/rush.mjs): smtp-server,
// as test/support/smtp.ts uses in the tests, accepting everything (no TLS, no auth: loopback only).
// Unlike the tests' server it does not parse whole messages with mailparser while the rush runs
// (that would take CPU from the server being measured, on the same cores): it keeps, per message,
// the envelope's recipients, the arrival time and the decoded Subject header only.
import { SMTPServer } from 'smtp-server';

const ENCODED_WORD = /=\?([^?*]+)(?:\*[^?]*)?\?([bBqQ])\?([^?]*)\?=/g;

/** RFC 2047 encoded words ("=?UTF-8?Q?...?=", "=?UTF-8?B?...?="), decoded; the space between two of them dropped. */
export function decodeWords(text) {
  return text
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(ENCODED_WORD, (_, charset, encoding, data) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64')
          : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (__, hex) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
      try {
        return new TextDecoder(charset).decode(bytes);
      } catch {
        return bytes.toString('latin1');
      }
    });
}

/** The Subject header of a raw message's header block, unfolded and decoded. */
function subjectOf(headerBlock) {
  const unfolded = headerBlock.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => /^subject:/i.test(l));
  return line === undefined ? '' : decodeWords(line.slice(line.indexOf(':') + 1).trim());
}

/**
 * @returns {Promise<{ port: number, url: string, received: Array<{ to: string[], subject: string, at: number, bytes: number }>, close: () => Promise<void> }>}
 *   `at`: performance.now() when the message was accepted (the `250` the sender waits for).
 */
export async function startSmtpSink() {
  const received = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    // Bound what one message may hold in memory (a ticket mail is about 20 KB).
    size: 1024 * 1024,
    onData(stream, session, callback) {
      let head = '';
      let bytes = 0;
      let headDone = false;
      stream.on('data', (chunk) => {
        bytes += chunk.length;
        if (headDone) return;
        head += chunk.toString('utf8');
        const end = head.search(/\r?\n\r?\n/);
        if (end >= 0) {
          head = head.slice(0, end);
          headDone = true;
        } else if (head.length > 64 * 1024) headDone = true;
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject: subjectOf(head), at: performance.now(), bytes });
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address();
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
