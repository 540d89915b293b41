import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensurePrivateDir, ensurePrivateFile, makePrivate, writePrivateFile, writePrivateFileAsync } from './private-files';

const modeOf = (p: string) => fs.statSync(p).mode & 0o7777;
let root = '';
let umask = 0;

beforeEach(() => {
  umask = process.umask(0o022);
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-private-unit-'));
});

afterEach(() => {
  process.umask(umask);
  fs.rmSync(root, { recursive: true, force: true });
});

describe('private files (DATA_DIR, BACKUP_DIR)', () => {
  it('makes a folder 0700 with every parent it had to make, and tightens an existing one', () => {
    ensurePrivateDir(path.join(root, 'a', 'b', 'c'));
    for (const dir of ['a', 'a/b', 'a/b/c']) expect(modeOf(path.join(root, dir)), dir).toBe(0o700);
    expect(modeOf(root)).toBe(0o700); // mkdtemp's own; left as it was

    fs.chmodSync(path.join(root, 'a', 'b'), 0o755);
    ensurePrivateDir(path.join(root, 'a', 'b'));
    expect(modeOf(path.join(root, 'a', 'b'))).toBe(0o700);
  });

  it('writes files 0600, an existing world-readable one included, and keeps their bytes', async () => {
    const file = path.join(root, 'x.sha256');
    fs.writeFileSync(file, 'old');
    fs.chmodSync(file, 0o644);
    writePrivateFile(file, 'new');
    expect([modeOf(file), fs.readFileSync(file, 'utf8')]).toEqual([0o600, 'new']);

    const eml = path.join(root, 'm.eml');
    await writePrivateFileAsync(eml, Buffer.from('mail'));
    expect([modeOf(eml), fs.readFileSync(eml, 'utf8')]).toEqual([0o600, 'mail']);

    const empty = path.join(root, 'db.sqlite');
    ensurePrivateFile(empty);
    expect([modeOf(empty), fs.statSync(empty).size]).toEqual([0o600, 0]);
  });

  it('takes only the group and others off (chmod go-rwx), leaves a missing path alone, and never touches a shared (sticky) folder', () => {
    const readOnly = path.join(root, 'kept-read-only');
    fs.writeFileSync(readOnly, 'x');
    fs.chmodSync(readOnly, 0o444);
    makePrivate(readOnly);
    expect(modeOf(readOnly)).toBe(0o400);

    expect(() => makePrivate(path.join(root, 'nothing-here'))).not.toThrow();

    const shared = path.join(root, 'tmp-like');
    fs.mkdirSync(shared);
    fs.chmodSync(shared, 0o1777);
    makePrivate(shared);
    expect(modeOf(shared)).toBe(0o1777);
  });
});
