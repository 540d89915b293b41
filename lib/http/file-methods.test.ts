import { describe, expect, it } from 'vitest';
import { FILE_PATH, fileMethodRefusal } from './file-methods';

/** Files are read with GET and HEAD; any other method is 405 (issue 42: Next answered 500). */
const FILES = ['/ticket-sw.js', '/images/content/hero.webp', '/fonts/space-grotesk-400-normal.woff2', '/_next/static/chunks/3c7_2hrwueypo.js', '/_next/static/media/no-such-file.woff2'];

describe('fileMethodRefusal', () => {
  it('passes GET and HEAD of a file, and anything that is not a file', () => {
    for (const path of FILES) for (const method of ['GET', 'HEAD']) expect(fileMethodRefusal(method, path), `${method} ${path}`).toBeUndefined();
    for (const path of ['/', '/about', '/api/content/hero/', '/ticket-sw.jsx', '/imagesfoo', '/_next/image', '/favicon.ico', '/icon.svg']) {
      expect(fileMethodRefusal('PUT', path), path).toBeUndefined();
    }
  });

  it('answers 405 with Allow: GET, HEAD to every other method on a file', async () => {
    for (const path of FILES) {
      for (const method of ['PUT', 'POST', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND', 'FOO']) {
        const res = fileMethodRefusal(method, path);
        expect(res?.status, `${method} ${path}`).toBe(405);
        expect(res?.headers.get('Allow')).toBe('GET, HEAD');
        expect(res?.headers.get('Cache-Control')).toBe('no-store');
      }
    }
    expect(await fileMethodRefusal('PUT', '/ticket-sw.js')?.text()).toContain('Method Not Allowed');
  });

  it('knows the file paths proxy.ts’s matcher sends it', () => {
    expect(FILES.every((path) => FILE_PATH.test(path))).toBe(true);
  });
});
