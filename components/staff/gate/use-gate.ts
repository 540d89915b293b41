'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import {
  GATE_SYNC_MAX_SCANS,
  type GateDuplicate,
  type GatePack,
  type GatePackAnswer,
  type GatePackRequest,
  type GateScanResult,
  type GateSync,
  type GateSyncOutcome,
} from '@/contract/api/gate';
import { referenceFromScan, type CheckInResult } from '@/contract/api/tickets';
import { decideOffline, GATE_STATUS_MESSAGES, type OfflineVerdict } from '@/contract/gate/decide';
import { importPassPublicKey, looksLikePass, verifyPass } from '@/contract/gate/pass';
import { admittedOffline, noGateCounts, restored, serverCounts, shownCounts, synced, type GateCounts } from './gate-counts';
import { GateStore, type GateAttention, type GateDevice } from './gate-store';
import { keptPack } from './pack-answer';

/** The gate's actions, passed in by the page (components never import app/). */
export interface GateActions {
  loadPack: (request: GatePackRequest) => Promise<GatePackAnswer>;
  sync: (sync: GateSync) => Promise<GateSyncOutcome>;
}

/** One verdict on the desk: the server's (online), the phone's (offline), or why there is none. */
export type GateAnswer =
  | { kind: 'server'; result: CheckInResult }
  | { kind: 'offline'; verdict: OfflineVerdict }
  | { kind: 'no-pack' }
  | { kind: 'invalid' };

export interface GateView {
  /** starting: opening the store; ready: the phone decides (online through the server, offline itself);
   *  off: no IndexedDB or Web Crypto, or a backend without offline gates — the plain form does the work. */
  mode: 'starting' | 'ready' | 'off';
  online: boolean;
  queued: number;
  packIssuedAt?: string;
  /** The server's last counts and this phone's admissions not yet synced (gate-counts.ts). */
  tally: GateCounts;
  duplicates: GateDuplicate[];
  attention: GateAttention[];
  signedOut: boolean;
  device?: GateDevice;
}

/** How long a call may take before the gate stops waiting and decides on the phone. */
const CALL_TIMEOUT_MS = 5_000;
const SYNC_EVERY_MS = 15_000;
const REFRESH_EVERY_MS = 60_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error instanceof Error ? error : new Error(String(error)))),
    );
  });
}

/**
 * The offline gate (issue 29): with signal each scan goes to the server at once (its verdict, with
 * the visitor's name); without it — no network, or no answer within CALL_TIMEOUT_MS — the phone
 * decides from its download and queues the check-in. It switches by itself (the browser's online
 * and offline events, and every call's fate), syncs the queue every SYNC_EVERY_MS while online,
 * and downloads the list again every REFRESH_EVERY_MS.
 */
export function useGate(actions: GateActions, describe: (iso: string) => string) {
  const [view, setView] = useState<GateView>({ mode: 'starting', online: true, queued: 0, tally: noGateCounts, duplicates: [], attention: [], signedOut: false });
  const store = useRef<GateStore | undefined>(undefined);
  const pack = useRef<{ pack: GatePack; key: CryptoKey } | undefined>(undefined);
  const reachable = useRef(true);
  const syncing = useRef(false);
  const lastRefresh = useRef(0);
  // Held in refs: a re-render with new props must not restart the gate.
  const describeRef = useRef(describe);
  const actionsRef = useRef(actions);
  useEffect(() => {
    describeRef.current = describe;
    actionsRef.current = actions;
  });

  const patch = useCallback((next: Partial<GateView>) => setView((v) => ({ ...v, ...next })), []);
  /** The counts change with the rest of the view in one update, so a sync never shows an admission twice. */
  const count = useCallback((next: Partial<GateView>, tally: (t: GateCounts) => GateCounts) => setView((v) => ({ ...v, ...next, tally: tally(v.tally) })), []);
  const isOnline = () => navigator.onLine && reachable.current;

  const reached = useCallback(
    (ok: boolean) => {
      reachable.current = ok;
      patch({ online: isOnline() });
    },
    [patch],
  );

  const adoptPack = useCallback(
    async (next: GatePack) => {
      pack.current = { pack: next, key: await importPassPublicKey(next.publicKey) };
      count({ packIssuedAt: next.issuedAt, duplicates: next.duplicates }, (t) => serverCounts(t, next.counts));
    },
    [count],
  );

  /**
   * Downloads the list again, or hears it is unchanged (sent the ETag of the one kept: a 304 costs
   * no list); says whether this backend has offline gates at all.
   */
  const refresh = useCallback(async (): Promise<'ok' | 'unavailable' | 'no-answer'> => {
    const s = store.current;
    if (!s || !navigator.onLine) return 'no-answer';
    lastRefresh.current = Date.now();
    const held = pack.current;
    const etag = held ? ((await s.packEtag()) ?? null) : null;
    let answer: GatePackAnswer;
    try {
      answer = await withTimeout(actionsRef.current.loadPack(etag ? { etag } : {}), CALL_TIMEOUT_MS);
    } catch {
      reached(false);
      return 'no-answer';
    }
    if (answer.ok) {
      // Unchanged: the pack kept is the server's as of now, so it takes now as its issuedAt.
      const next = keptPack(held ? { pack: held.pack, etag } : undefined, answer);
      if (!next) return 'no-answer';
      await s.savePack(next.pack, next.etag);
      await adoptPack(next.pack);
      patch({ signedOut: false });
      reached(true);
      return 'ok';
    }
    if (answer.reason === 'signed-out') patch({ signedOut: true });
    reached(answer.reason !== 'failed');
    return answer.reason === 'unavailable' ? 'unavailable' : 'no-answer';
  }, [patch, reached, adoptPack]);

  /** The answers to an offline phone's scans: what the server did not take as the check-in needs a look. */
  const noteResults = useCallback(
    async (results: GateScanResult[]) => {
      const s = store.current;
      if (!s) return;
      const news: GateAttention[] = [];
      for (const { id, duplicate, result } of results) {
        if (result.status === 'checked-in') continue;
        const reference = result.status === 'unknown' ? result.reference : result.ticket.reference;
        const message =
          duplicate && result.status === 'already'
            ? GATE_STATUS_MESSAGES.duplicate(describeRef.current(result.checkedInAt), result.checkedInBy)
            : result.status === 'refused'
              ? result.message
              : result.status === 'unknown'
                ? GATE_STATUS_MESSAGES.unknownAtSync
                : GATE_STATUS_MESSAGES.alreadyAtSync;
        news.push({ id, reference, message });
      }
      if (news.length === 0) return;
      const attention = [...(await s.attention()).filter((a) => !news.some((n) => n.id === a.id)), ...news];
      await s.setAttention(attention);
      patch({ attention });
    },
    [patch],
  );

  const syncNow = useCallback(async () => {
    const s = store.current;
    if (!s || syncing.current || !navigator.onLine) return;
    syncing.current = true;
    try {
      const device = await s.device();
      for (;;) {
        const batch = await s.queued(GATE_SYNC_MAX_SCANS);
        if (batch.length === 0) break;
        let outcome: GateSyncOutcome;
        try {
          outcome = await withTimeout(actionsRef.current.sync({ device, scans: batch }), CALL_TIMEOUT_MS * 2);
        } catch {
          reached(false);
          break;
        }
        if (!outcome.ok) {
          if (outcome.reason === 'signed-out') patch({ signedOut: true });
          reached(outcome.reason !== 'failed');
          break;
        }
        reached(true);
        const ids = batch.map((scan) => scan.id);
        await s.synced(ids);
        await noteResults(outcome.answer.results);
        // The server's counts now include what it counted of this batch: it leaves the pending list in the same update.
        const { counts } = outcome.answer;
        count({ duplicates: outcome.answer.duplicates, signedOut: false }, (t) => synced(t, ids, counts));
      }
      patch({ queued: await s.queueSize() });
    } finally {
      syncing.current = false;
    }
    if (Date.now() - lastRefresh.current > REFRESH_EVERY_MS) await refresh();
  }, [noteResults, patch, count, reached, refresh]);

  useEffect(() => {
    let stopped = false;
    // No IndexedDB or Web Crypto: the plain online form (the first step below fails the same way).
    const capable = typeof indexedDB !== 'undefined' && Boolean(globalThis.crypto?.subtle);
    const onOnline = () => {
      reachable.current = true;
      patch({ online: isOnline() });
      void syncNow();
    };
    const onOffline = () => patch({ online: false });
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    const timer = setInterval(() => {
      if (!navigator.onLine) return;
      // An unreachable server is tried again: the first answer switches the gate back online.
      void syncNow().then(async () => {
        if (!reachable.current) await refresh();
      });
    }, SYNC_EVERY_MS);
    void (async () => {
      try {
        if (!capable) throw new Error('no IndexedDB or Web Crypto');
        const s = await GateStore.open();
        if (stopped) return;
        store.current = s;
        const [device, saved, queued, attention, pending] = await Promise.all([s.device(), s.pack(), s.queueSize(), s.attention(), s.pending()]);
        if (saved) await adoptPack(saved);
        count({ device, queued, attention, online: navigator.onLine }, (t) => restored(t, pending));
        // Until the first download has answered, the plain form checks tickets (online). A backend
        // without offline gates (an external one) keeps it for good.
        const first = await refresh();
        if (stopped) return;
        patch({ mode: first === 'unavailable' && !saved ? 'off' : 'ready' });
        await syncNow();
      } catch {
        // IndexedDB refused (a private window on some browsers): the plain online form.
        patch({ mode: 'off' });
      }
    })();
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, [patch, count, refresh, syncNow, adoptPack]);

  /** One scan or typed reference: the server's verdict when it answers in time, else the phone's. */
  const check = useCallback(
    async (input: string): Promise<GateAnswer> => {
      const s = store.current;
      const text = input.trim();
      const held = pack.current;
      // A pass that does not verify is a forgery, online or not.
      if (held && looksLikePass(text) && !(await verifyPass(text, held.key))) {
        return { kind: 'offline', verdict: { status: 'refused', reason: 'forged' } };
      }
      const reference = referenceFromScan(text);
      if (!reference || !s) return { kind: 'invalid' };
      const device = await s.device();
      const scan = { id: crypto.randomUUID(), reference, scannedAt: new Date().toISOString(), offline: false };
      if (isOnline()) {
        try {
          const outcome = await withTimeout(actionsRef.current.sync({ device, scans: [scan] }), CALL_TIMEOUT_MS);
          if (outcome.ok && outcome.answer.results[0]) {
            reached(true);
            const { result } = outcome.answer.results[0];
            if (result.status === 'checked-in' && held) await s.rememberHere(reference, result.checkedInAt, held.pack.edition.key);
            const { counts } = outcome.answer;
            count({ duplicates: outcome.answer.duplicates, signedOut: false }, (t) => serverCounts(t, counts));
            return { kind: 'server', result };
          }
          if (!outcome.ok && outcome.reason === 'signed-out') patch({ signedOut: true });
          else reached(false);
        } catch {
          // No answer: the scan may or may not have arrived. Decided here under the same id, so
          // if it did arrive, the sync of this admission is the same scan, counted once.
          reached(false);
        }
      }
      if (!held) return { kind: 'no-pack' };
      const verdict = await decideOffline(text, { pack: held.pack, key: held.key, checkedInHere: await s.checkedInHere() });
      if (verdict.status === 'admit') {
        // With the list it was judged against: the server holds a phone time before that list as a wrong clock.
        await s.admit({ ...scan, reference: verdict.reference, offline: true, packIssuedAt: held.pack.issuedAt }, held.pack.edition.key, verdict.wristbands);
        // Counted at once (issue 41): "Checked in: N" moves with each offline admission.
        const queued = await s.queueSize();
        count({ queued }, (t) => admittedOffline(t, { id: scan.id, wristbands: verdict.wristbands }));
      }
      return { kind: 'offline', verdict };
    },
    [patch, count, reached],
  );

  const rename = useCallback(
    async (name: string) => {
      if (store.current) patch({ device: await store.current.renameDevice(name.trim().slice(0, 40)) });
    },
    [patch],
  );

  const dismiss = useCallback(
    async (id: string) => {
      const s = store.current;
      if (!s) return;
      const attention = (await s.attention()).filter((a) => a.id !== id);
      await s.setAttention(attention);
      patch({ attention });
    },
    [patch],
  );

  /** Downloads the list again now (after a walk-in the server checked in): its new ticket and counts. */
  const refreshNow = useCallback(() => {
    if (store.current) void refresh();
  }, [refresh]);

  return { view, counts: shownCounts(view.tally), check, rename, dismiss, syncNow, refreshNow };
}
