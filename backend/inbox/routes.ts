import { Hono, type Context } from 'hono';
import {
  INBOX_MESSAGES,
  INBOX_PAGE_SIZE,
  inboxParamsSchema,
  type InboxItem,
  type InboxKind,
} from '@/contract/api/inbox';
import { isOverdue, replyGreeting } from '@/contract/api/inbox';
import { ENDPOINTS } from '@/contract/api/endpoints';
import { requireStaff } from '../auth/middleware';
import { fail } from '../kernel/http';
import { validJson } from '../kernel/validate';
import type { AppDeps, AppEnv } from '../kernel/deps';
import { entriesOf, findItem, listInbox } from './queries';
import { addInboxNote, InboxItemNotFoundError, RequestKeyReusedError, sendInboxReply, setInboxStatus } from './service';

/**
 * /api/admin/inbox (contract/api/inbox.ts): staff and admins alike. Each change is audited by the
 * service; every answer is no-store (app.ts, for all of /admin).
 */
export function inboxRoutes(deps: AppDeps) {
  const { db } = deps;
  const r = new Hono<AppEnv>({ strict: false });
  r.use('*', requireStaff(db));

  // The festival's clock, like the forms' created_at and due_at (kernel/clock.ts).
  const now = deps.config.now;

  /** The item's kind and id from the path, or the contract's 404. */
  const target = (c: Context<AppEnv>): { kind: InboxKind; id: string } | undefined => {
    const parsed = inboxParamsSchema.safeParse({ kind: c.req.param('kind'), id: c.req.param('id') });
    return parsed.success ? parsed.data : undefined;
  };

  const itemView = async (kind: InboxKind, id: string): Promise<InboxItem | undefined> => {
    const item = await findItem(db, kind, id);
    if (!item) return undefined;
    const entries = await entriesOf(db, kind, id);
    const replies = entries.filter((e) => e.type === 'reply');
    const replyCount = replies.length;
    return {
      kind,
      id,
      name: item.name,
      subject: item.subject,
      preview: item.message.slice(0, 160),
      status: item.status,
      createdAt: item.createdAt,
      dueAt: item.dueAt,
      replyCount,
      overdue: isOverdue({ dueAt: item.dueAt, status: item.status, replyCount }, now()),
      greeting: replyGreeting(item.firstName),
      email: item.email,
      phone: item.phone,
      facts: item.facts,
      message: item.message,
      notes: entries.filter((e) => e.type === 'note'),
      replies,
    };
  };

  const answer = async (c: Context<AppEnv>, kind: InboxKind, id: string, message: string, status: 200 | 201) => {
    const data = await itemView(kind, id);
    if (!data) return fail(c, 404, INBOX_MESSAGES.notFound);
    return c.json({ success: true, data, message }, status);
  };

  /** Runs a change; the item gone (or never there) is the contract's 404. */
  const changing = async (c: Context<AppEnv>, change: () => Promise<Response>) => {
    try {
      return await change();
    } catch (error) {
      if (error instanceof InboxItemNotFoundError) return fail(c, 404, INBOX_MESSAGES.notFound);
      if (error instanceof RequestKeyReusedError) return fail(c, 409, INBOX_MESSAGES.requestKeyReused, { requestKey: INBOX_MESSAGES.requestKeyReused });
      throw error;
    }
  };

  r.get('/', async (c) => {
    const query = ENDPOINTS.inbox.query.parse(c.req.query());
    const { items, count } = await listInbox(db, query, { limit: INBOX_PAGE_SIZE, offset: (query.page - 1) * INBOX_PAGE_SIZE }, now());
    return c.json({ success: true, data: items, page: query.page, pageSize: INBOX_PAGE_SIZE, count });
  });

  r.get('/:kind/:id', async (c) => {
    const t = target(c);
    const data = t ? await itemView(t.kind, t.id) : undefined;
    if (!data) return fail(c, 404, INBOX_MESSAGES.notFound);
    return c.json({ success: true, data });
  });

  r.post('/:kind/:id/status', validJson(ENDPOINTS.inboxStatus.request), async (c) => {
    const t = target(c);
    if (!t) return fail(c, 404, INBOX_MESSAGES.notFound);
    return changing(c, async () => {
      await setInboxStatus(db, c.get('staff'), t.kind, t.id, c.req.valid('json').status, now());
      return answer(c, t.kind, t.id, INBOX_MESSAGES.statusSaved, 200);
    });
  });

  r.post('/:kind/:id/notes', validJson(ENDPOINTS.inboxNote.request), async (c) => {
    const t = target(c);
    if (!t) return fail(c, 404, INBOX_MESSAGES.notFound);
    return changing(c, async () => {
      await addInboxNote(db, c.get('staff'), t.kind, t.id, c.req.valid('json').body, now());
      return answer(c, t.kind, t.id, INBOX_MESSAGES.noteSaved, 201);
    });
  });

  r.post('/:kind/:id/replies', validJson(ENDPOINTS.inboxReply.request), async (c) => {
    const t = target(c);
    if (!t) return fail(c, 404, INBOX_MESSAGES.notFound);
    return changing(c, async () => {
      const { sent } = await sendInboxReply(db, c.get('staff'), t.kind, t.id, c.req.valid('json'), now());
      if (sent) deps.onOutboxWrite?.('mail');
      return answer(c, t.kind, t.id, sent ? INBOX_MESSAGES.replyQueued : INBOX_MESSAGES.replyAlready, sent ? 201 : 200);
    });
  });

  return r;
}
