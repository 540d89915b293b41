import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { GatePack, GateScan } from '@/contract/api/gate';
import { editionKeyOfDate } from '@/contract/edition';
import type { PendingAdmission } from './gate-counts';

/**
 * What a gate phone keeps (IndexedDB, through `idb`), so it decides and remembers with no signal
 * and after a reload: the last download (hashes, states, the public key: no names, emails or
 * phones) and its ETag (asked with, so an unchanged list is not sent again), this phone's id and gate name, the check-ins waiting to sync, the references checked
 * in on this phone, and the offline admissions the server later refused.
 */
export interface GateDevice {
  id: string;
  name: string;
}

/** An offline admission the server did not take as the check-in: shown until dismissed. */
export interface GateAttention {
  id: string;
  reference: string;
  message: string;
}

/**
 * A scan in the queue: what the sync sends, and (an offline admission, issue 41) the wristbands it
 * admitted, so the gate's count includes it until it is synced, across reloads too. Queues written
 * before then carry none: those scans still sync, they are only not added to the count meanwhile.
 */
type QueuedScan = GateScan & { wristbands?: number };

interface GateDb extends DBSchema {
  meta: { key: MetaKey; value: GatePack | GateDevice | GateAttention[] | string };
  queue: { key: string; value: QueuedScan };
  /** `edition`: the pack's edition key (a start date on phones from before keys, issue 41). */
  here: { key: string; value: { reference: string; at: string; edition: string } };
}

type MetaKey = 'pack' | 'packEtag' | 'device' | 'attention';
interface MetaValues {
  pack: GatePack;
  packEtag: string;
  device: GateDevice;
  attention: GateAttention[];
}

const DB_NAME = 'itan-gate';

/**
 * Whether a check-in remembered here is of the pack's edition: it names the edition's key; one
 * remembered before keys existed names its start date, whose year was its key.
 */
const ofEdition = (remembered: string, edition: GatePack['edition']): boolean =>
  remembered === edition.key || (/^\d{4}-\d{2}-\d{2}$/.test(remembered) && editionKeyOfDate(remembered) === edition.key);

export class GateStore {
  private constructor(private readonly db: IDBPDatabase<GateDb>) {}

  static async open(): Promise<GateStore> {
    const db = await openDB<GateDb>(DB_NAME, 1, {
      upgrade(d) {
        d.createObjectStore('meta');
        d.createObjectStore('queue', { keyPath: 'id' });
        d.createObjectStore('here', { keyPath: 'reference' });
      },
    });
    // The queue must outlive storage pressure on a cheap phone: ask the browser not to evict it
    // (Chrome grants it to an installed or often-used site; refused, nothing changes).
    void navigator.storage?.persist?.().catch(() => undefined);
    return new GateStore(db);
  }

  private get<K extends MetaKey>(key: K): Promise<MetaValues[K] | undefined> {
    return this.db.get('meta', key) as Promise<MetaValues[K] | undefined>;
  }

  async device(): Promise<GateDevice> {
    const known = await this.get('device');
    if (known) return known;
    const device = { id: crypto.randomUUID(), name: '' };
    await this.db.put('meta', device, 'device');
    return device;
  }

  async renameDevice(name: string): Promise<GateDevice> {
    const device = { ...(await this.device()), name };
    await this.db.put('meta', device, 'device');
    return device;
  }

  async pack(): Promise<GatePack | undefined> {
    const pack = await this.get('pack');
    if (!pack) return undefined;
    // Kept before packs named their edition's key (issue 41): the key its dates' year gives.
    const { key } = pack.edition as Partial<GatePack['edition']>;
    return key ? pack : { ...pack, edition: { ...pack.edition, key: editionKeyOfDate(pack.edition.startDate) } };
  }

  /** The ETag of the pack kept, when the server gave one. */
  packEtag(): Promise<string | undefined> {
    return this.get('packEtag');
  }

  /**
   * A download (or the pack kept, confirmed current with a new issuedAt), with its ETag, in one
   * transaction so the tag always names the pack kept; a new edition (another key: not new dates)
   * forgets the last one's check-ins on this phone.
   */
  async savePack(pack: GatePack, etag: string | null): Promise<void> {
    const tx = this.db.transaction(['meta', 'here'], 'readwrite');
    await tx.objectStore('meta').put(pack, 'pack');
    if (etag) await tx.objectStore('meta').put(etag, 'packEtag');
    else await tx.objectStore('meta').delete('packEtag');
    let cursor = await tx.objectStore('here').openCursor();
    while (cursor) {
      if (!ofEdition(cursor.value.edition, pack.edition)) await cursor.delete();
      cursor = await cursor.continue();
    }
    await tx.done;
  }

  /** One offline admission: queued for sync (with its wristbands) and remembered on this phone, in one transaction. */
  async admit(scan: GateScan, edition: string, wristbands: number): Promise<void> {
    const tx = this.db.transaction(['queue', 'here'], 'readwrite');
    await tx.objectStore('queue').put({ ...scan, wristbands });
    await tx.objectStore('here').put({ reference: scan.reference, at: scan.scannedAt, edition });
    await tx.done;
  }

  /** A check-in the server made while online: remembered, so an offline rescan here is refused. */
  async rememberHere(reference: string, at: string, edition: string): Promise<void> {
    await this.db.put('here', { reference, at, edition });
  }

  async checkedInHere(): Promise<Map<string, string>> {
    return new Map((await this.db.getAll('here')).map((h) => [h.reference, h.at]));
  }

  /** The oldest scans waiting, as the sync sends them. */
  async queued(limit?: number): Promise<GateScan[]> {
    return (await this.db.getAll('queue', null, limit)).map(({ id, reference, scannedAt, offline }) => ({ id, reference, scannedAt, offline }));
  }

  /** The offline admissions waiting to sync, with their wristbands (the gate's count adds them). */
  async pending(): Promise<PendingAdmission[]> {
    return (await this.db.getAll('queue')).flatMap((scan) => (scan.offline && typeof scan.wristbands === 'number' ? [{ id: scan.id, wristbands: scan.wristbands }] : []));
  }

  async queueSize(): Promise<number> {
    return this.db.count('queue');
  }

  async synced(ids: readonly string[]): Promise<void> {
    const tx = this.db.transaction('queue', 'readwrite');
    await Promise.all(ids.map((id) => tx.store.delete(id)));
    await tx.done;
  }

  async attention(): Promise<GateAttention[]> {
    return (await this.get('attention')) ?? [];
  }

  async setAttention(items: GateAttention[]): Promise<void> {
    await this.db.put('meta', items, 'attention');
  }
}
