import type { AppDeps } from './deps';
import { loadSigner, type Signer } from './signing';

const loaded = new WeakMap<object, Promise<Signer>>();

/**
 * The app's signer: the one given (startBackend loads it at start), or loaded on first use from
 * TICKET_SECRET or the database (apps built directly, in tests). A failed load is retried.
 */
export function signerOf(deps: Pick<AppDeps, 'db' | 'config' | 'signer'>): () => Promise<Signer> {
  return () => {
    if (deps.signer) return Promise.resolve(deps.signer);
    let signer = loaded.get(deps.db);
    if (!signer) {
      signer = loadSigner(deps.db, deps.config.ticketSecret);
      signer.catch(() => loaded.delete(deps.db));
      loaded.set(deps.db, signer);
    }
    return signer;
  };
}
