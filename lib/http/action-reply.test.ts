import { describe, expect, it } from 'vitest';
import { actionReplyProblem } from './action-reply';

/**
 * The bodies that pass are what React's client (encodeReply, React 19.3 as Next 16.4 ships it)
 * writes for this site's calls; the ones refused are the probe's (issue 42), each a 500 from Next
 * before: React's decoder threw on it ("Connection closed.", "Cannot convert x to a BigInt",
 * "Referenced Blob is not a Blob.", "Invalid reference.", ...).
 */
const form = (...fields: Array<[string, string | Blob]>) => {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
};
const text = (body: string) => actionReplyProblem({ text: body }, true);
const multipart = (...fields: Array<[string, string | Blob]>) => actionReplyProblem({ form: form(...fields) }, true);
const noScript = (...fields: Array<[string, string | Blob]>) => actionReplyProblem({ form: form(...fields) }, false);

const IDLE = '{"status":"idle","errors":{},"values":{}}';
const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'photo.jpg', { type: 'image/jpeg' });

describe('actionReplyProblem: what the site’s client sends passes', () => {
  it('plain arguments as the body’s text (the gate’s calls)', () => {
    for (const body of [
      '[]',
      '[{"device":{"id":"phone-0001-test","name":"North door"},"scans":[{"id":"a","reference":"$$ITN-7K3Q9P","scannedAt":"2026-01-01T00:00:00.000Z","offline":true}]}]',
      '["$undefined",{"at":"$D2026-01-01T00:00:00.000Z","n":"$n12","x":"$NaN","y":"$-0","z":"$Infinity","w":"$-Infinity"}]',
      // A value met twice is written once, then referred to by its path.
      '[{"values":{"email":"a@example.org"}},"$0:0:values"]',
      ` [${'['.repeat(2_000)}${']'.repeat(2_000)}] `,
    ]) {
      expect(text(body), body.slice(0, 60)).toBeUndefined();
    }
  });

  it('a form, alone or after useActionState’s previous state, as multipart field 0', () => {
    expect(multipart(['0', '["$K1"]'])).toBeUndefined(); // a form with no fields (a sign-out button)
    expect(multipart(['_1_reference', 'ITN-7K3Q9P'], ['_1_token', 'abc'], ['0', '["$K1"]'])).toBeUndefined();
    expect(multipart(['_1_email', 'a@example.org'], ['_1_photo', photo], ['0', `[${IDLE},"$K1"]`])).toBeUndefined();
    expect(multipart(['_1_email', 'a@example.org'], ['0', '["$undefined","$K1"]'])).toBeUndefined();
    expect(multipart(['1', '{"a":1}'], ['0', '["$1","$@1","$1:a"]'])).toBeUndefined();
  });

  it('a form without JavaScript: a bound action (useActionState’s permalink), a plain one, or no action at all', () => {
    const bound = [
      ['$ACTION_REF_1', ''],
      ['$ACTION_1:0', '{"id":"603c8404d106f96c2f30a05860622cf4f1a9bc2b9b","bound":"$@1"}'],
      ['$ACTION_1:1', `[${IDLE}]`],
      ['$ACTION_KEY', 'p#newsletter'],
      ['email', 'a@example.org'],
    ] as Array<[string, string]>;
    expect(noScript(...bound)).toBeUndefined();
    expect(noScript(['$ACTION_REF_2', ''], ['$ACTION_2:0', '{"id":"60ab","bound":null}'])).toBeUndefined();
    expect(noScript(['$ACTION_ID_606d007e07ec62a4ee2af2ca987db6dd2a8bfef16c', ''], ['reference', 'x'])).toBeUndefined();
    expect(noScript(['name', 'Ada'], ['photo', photo])).toBeUndefined();
    // No Next-Action header and no form: not an action.
    expect(actionReplyProblem({ text: '["$Q1"]' }, false)).toBeUndefined();
  });
});

describe('actionReplyProblem: what React could not decode is refused', () => {
  it('references with no part to follow, and kinds the site never sends, as the body’s text', () => {
    for (const body of ['["$Q1"]', '["$K1"]', '["$B1"]', '["$T"]', '["$n"]', '["$nx"]', '["$A1"]', '["$W1"]', '["$i1"]', '["$h1"]', '["$@1"]', '["$1"]', '["$R1"]', '["$X1"]', '["$S1"]', '["$o1"]', '["$Z"]', '["$D"]', '["$Dsoon"]', '["$0:1"]', '["$0:0:a"]', '[{"a":"$F1"}]', '[1,["$E"]]']) {
      expect(text(body), body).toBeDefined();
    }
  });

  it('bodies that are not an array of arguments', () => {
    for (const body of ['', 'garbage', '{}', '"x"', 'null', '{"a":1}', '[', '0:["$","div",null,{}]', '"$1"']) {
      expect(text(body), body).toBeDefined();
    }
  });

  it('multipart: field 0 missing, repeated or a file; parts that are not JSON, or refer further to nothing', () => {
    expect(multipart(['_1_email', 'a@example.org'])).toBeDefined();
    expect(multipart(['0', '["$K1"]'], ['0', '["$K1"]'])).toBeDefined();
    expect(multipart(['0', new Blob(['[]'])])).toBeDefined();
    expect(multipart(['0', '["$Q1"]'], ['1', '[[1,2]]'])).toBeDefined();
    expect(multipart(['0', '["$B1"]'], ['1', photo])).toBeDefined();
    expect(multipart(['0', '["$1"]'], ['1', '{"a":'])).toBeDefined();
    expect(multipart(['0', '["$1"]'], ['1', '["$2"]'])).toBeDefined();
    expect(multipart(['0', '["$1:b"]'], ['1', '{"a":{}}'])).toBeDefined();
    expect(multipart(['0', '["$@1:a"]'], ['1', '{"a":{}}'])).toBeDefined();
    expect(multipart(['0', '{"a":"$K1"}'])).toBeDefined();
  });

  it('without JavaScript: bound arguments missing or broken, or no action named', () => {
    const meta = (value: string): [string, string] => ['$ACTION_1:0', value];
    const ref: [string, string] = ['$ACTION_REF_1', ''];
    expect(noScript(ref, meta('{"id":"60ab","bound":"$@1"}'))).toBeDefined();
    expect(noScript(ref, meta('{"id":"60ab","bound":"$@1"}'), ['$ACTION_1:1', '["$Q1"]'])).toBeDefined();
    expect(noScript(ref, meta('{"id":"60ab","bound":"$@1"}'), ['$ACTION_1:1', '{"a":1}'])).toBeDefined();
    expect(noScript(ref, meta('{"id":"60ab","bound":[]}'))).toBeDefined();
    expect(noScript(ref, meta('{"id":"60ab"}'))).toBeDefined();
    expect(noScript(ref, meta('{"bound":null}'))).toBeDefined();
    expect(noScript(ref, meta('garbage'))).toBeDefined();
    expect(noScript(ref)).toBeDefined();
  });

  it('names the problem without quoting the body', () => {
    expect(text('["$Q1secret"]')).toBe('$Q…: a kind of value this site never sends');
    expect(text('["$1"]')).toBe('$1…: part 1 is missing');
  });
});
