import { describe, expect, it } from 'vitest';
import { scriptsLoadedBefore } from './js-before-lcp.mjs';

const send = (requestId: string, url: string, resourceType = 'Script') =>
  ({ name: 'ResourceSendRequest', ts: 0, args: { data: { requestId, url, resourceType } } });
const finish = (requestId: string, finishTimeS: number, encodedDataLength: number, didFail = false) =>
  ({ name: 'ResourceFinish', ts: finishTimeS * 1e6 + 500, args: { data: { requestId, finishTime: finishTimeS, encodedDataLength, didFail } } });

describe('scriptsLoadedBefore', () => {
  const events = [
    send('1', 'http://127.0.0.1/_next/static/chunks/a.js'),
    send('2', 'http://127.0.0.1/_next/static/chunks/b.js'),
    send('3', 'http://127.0.0.1/_next/static/chunks/c.js'),
    send('4', 'http://127.0.0.1/_next/static/media/font.woff2', 'Font'),
    send('5', 'http://127.0.0.1/about', 'Document'),
    finish('1', 1.0, 70_000),
    finish('2', 2.0, 40_000),
    finish('4', 0.5, 18_000), // not a script
    finish('5', 0.1, 8_000), // not a script
    // c.js never finished
  ];

  it('counts the framework scripts finished by the cutoff, with their bytes', () => {
    expect(scriptsLoadedBefore(events, 1.5e6)).toEqual({ count: 1, total: 3, bytes: 70_000 });
    expect(scriptsLoadedBefore(events, 2e6)).toEqual({ count: 2, total: 3, bytes: 110_000 });
    expect(scriptsLoadedBefore(events, 0.9e6)).toEqual({ count: 0, total: 3, bytes: 0 });
  });

  it('leaves out failed downloads', () => {
    const failed = [send('9', 'http://h/_next/static/chunks/x.js'), finish('9', 0.1, 500, true)];
    expect(scriptsLoadedBefore(failed, 1e6)).toEqual({ count: 0, total: 1, bytes: 0 });
  });
});
