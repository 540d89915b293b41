/**
 * Whether a server action's arguments would decode (issue 42). React's client sends them in React
 * Flight's reply format: JSON in which a string that starts with `$` is a reference (`$$…` is a
 * string that starts with `$`). With JavaScript, the Next-Action header names the action and the
 * arguments are an array: the body's text (`[]`, `[{"device":…}]`), or, when one of them is a
 * form, multipart field `0` (`["$K1"]`, `[{"status":"idle",…},"$K1"]`) beside the form's own
 * fields (`_1_email`, …). Without JavaScript, a form with a bound action (useActionState's
 * permalink) posts `$ACTION_REF_<n>`, `$ACTION_<n>:0` (`{"id":…,"bound":"$@1"}`) and the bound
 * arguments in `$ACTION_<n>:1`.
 *
 * Next hands that to React's decoder before any of our code runs, and a reference it cannot
 * follow (`$Q1` with no part 1, `$nx`, `$B1` where part 1 is text, part 0 missing) throws there:
 * Next answers 500 and logs a stack trace, for anyone who posts one. Next documents no way to
 * catch that, so proxy.ts asks here first and refuses the post (400). The rule is what this
 * site's client can send, which React's client (processReply) writes from the values the site
 * passes (plain data, dates, forms):
 * - plain JSON, `$$…`, `$undefined`, `$NaN`, `$Infinity`, `$-Infinity`, `$-0`, `$D<date>`,
 *   `$n<digits>`;
 * - `$K<id>`, a form, only in a multipart body (it may have no fields: a form with none);
 * - `$<id>`, `$@<id>` and `$<id>:<key>:…` (a part, or an object already written: React writes a
 *   value met twice once), only where that part, and that path in it, is in the body.
 * Everything else (Maps, Sets, blobs, typed arrays, streams, iterators, server or temporary
 * references) is refused: the site never sends one. What passes still reaches the action as
 * values of any shape: each action reads its arguments defensively (lib/forms/posted.ts).
 */
export type ActionBody = { text: string } | { form: FormData };

/** Why the post's action arguments would not decode, or undefined when they would (or there are none). */
export function actionReplyProblem(body: ActionBody, fetchAction: boolean): string | undefined {
  if (fetchAction) {
    return 'text' in body ? replyProblem({ prefix: '', part: (key) => (key === '0' ? body.text : undefined), multipart: false }, 'array') : replyProblem(formReply(body.form, ''), 'array');
  }
  if (!('form' in body)) return undefined;
  // As React's decodeAction: each `$ACTION_REF_<n>` names the parts `$ACTION_<n>:<id>`.
  for (const key of new Set(body.form.keys())) {
    if (!key.startsWith('$ACTION_REF_')) continue;
    const problem = replyProblem(formReply(body.form, `$ACTION_${key.slice('$ACTION_REF_'.length)}:`), 'bound action');
    if (problem) return problem;
  }
  return undefined;
}

interface Reply {
  prefix: string;
  /** The text of the part named `key` (prefix included); undefined when absent, repeated or a file. */
  part: (key: string) => string | undefined;
  multipart: boolean;
}

function formReply(form: FormData, prefix: string): Reply {
  return {
    prefix,
    part: (key) => {
      const values = form.getAll(key);
      return values.length === 1 && typeof values[0] === 'string' ? values[0] : undefined;
    },
    multipart: true,
  };
}

const HEX_ID = /^[0-9a-f]{1,8}$/;
const PLAIN_VALUES = new Set(['$undefined', '$NaN', '$Infinity', '$-Infinity', '$-0']);
/** `$<id>` or `$@<id>`, then the path in that part (`$0:1:values`). */
const PART_REFERENCE = /^\$(@?)([0-9a-f]{1,8})((?::[^:]*)*)$/;
/** Parts followed at most, and nodes walked: far above what a form sends. */
const MAX_PARTS = 1_000;
const MAX_NODES = 1_000_000;

function replyProblem(reply: Reply, root: 'array' | 'bound action'): string | undefined {
  const parsed = new Map<number, unknown>();
  const partValue = (id: number): { value: unknown } | string => {
    if (parsed.has(id)) return { value: parsed.get(id) };
    const text = reply.part(`${reply.prefix}${id}`);
    if (text === undefined) return `part ${id} is missing`;
    try {
      const value: unknown = JSON.parse(text);
      parsed.set(id, value);
      return { value };
    } catch {
      return `part ${id} is not JSON`;
    }
  };

  const first = partValue(0);
  if (typeof first === 'string') return first;
  if (root === 'array' && !Array.isArray(first.value)) return 'the arguments are not an array';
  if (root === 'bound action') {
    const meta = first.value;
    if (!isObject(meta) || typeof meta.id !== 'string') return 'the bound action names no action';
    if (meta.bound !== null) {
      const bound = typeof meta.bound === 'string' ? PART_REFERENCE.exec(meta.bound) : null;
      if (!bound || bound[1] !== '@' || bound[3]) return 'the bound arguments are no part';
      const args = partValue(Number.parseInt(bound[2]!, 16));
      if (typeof args === 'string') return args;
      if (!Array.isArray(args.value)) return 'the bound arguments are not an array';
    }
  }

  const queue = [0];
  const queued = new Set(queue);
  let nodes = 0;
  while (queue.length > 0) {
    const id = queue.shift()!;
    const part = partValue(id);
    if (typeof part === 'string') return part;
    const stack: unknown[] = [part.value];
    while (stack.length > 0) {
      if (++nodes > MAX_NODES) return 'too many values';
      const node = stack.pop();
      if (typeof node === 'string') {
        if (node[0] !== '$') continue;
        const problem = referenceProblem(node, reply, partValue, (target) => {
          if (queued.has(target)) return true;
          if (queued.size >= MAX_PARTS) return false;
          queued.add(target);
          queue.push(target);
          return true;
        });
        if (problem) return problem;
      } else if (Array.isArray(node)) {
        for (const item of node) stack.push(item);
      } else if (isObject(node)) {
        for (const item of Object.values(node)) stack.push(item);
      }
    }
  }
  return undefined;
}

function referenceProblem(reference: string, reply: Reply, partValue: (id: number) => { value: unknown } | string, follow: (id: number) => boolean): string | undefined {
  const tag = reference[1];
  if (tag === '$' || PLAIN_VALUES.has(reference)) return undefined;
  const rest = reference.slice(2);
  if (tag === 'D') return Number.isNaN(Date.parse(rest)) ? `${clip(reference)}: not a date` : undefined;
  if (tag === 'n') return /^-?\d{1,300}$/.test(rest) ? undefined : `${clip(reference)}: not a whole number`;
  if (tag === 'K') return reply.multipart && HEX_ID.test(rest) ? undefined : `${clip(reference)}: a form outside a multipart body`;
  const match = PART_REFERENCE.exec(reference);
  if (!match) return `${clip(reference)}: a kind of value this site never sends`;
  const id = Number.parseInt(match[2]!, 16);
  const part = partValue(id);
  if (typeof part === 'string') return `${clip(reference)}: ${part}`;
  if (match[1] === '@' && match[3]) return `${clip(reference)}: a path after a promise`;
  let node = part.value;
  for (const key of match[3]!.split(':').slice(1)) {
    if (!isObject(node) || !Object.hasOwn(node, key)) return `${clip(reference)}: no such value in part ${id}`;
    node = (node as Record<string, unknown>)[key];
  }
  return follow(id) ? undefined : 'too many parts';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A reference's kind for the log line (`$Q…`): never more of the body. */
const clip = (reference: string) => `${reference.slice(0, 2)}…`;
