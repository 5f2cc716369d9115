// Reviews kept in this browser (IndexedDB): one object store keyed by release, run, signature and steps, with an
// index by release for the review page. A tiny promise wrapper over the raw API, so no dependency. The release's
// own files are never touched: a review leaves the browser only through the review page's export.
import type { ReviewKey, StoredReview } from "../queries/review/verdicts";

const DB_NAME = "switch-swe-reviews";
const DB_VERSION = 1;
const STORE = "reviews";
const BY_RELEASE = "by-release";
const BY_RUN = "by-run";

export interface ReviewStore {
  /** Adds the review, or replaces the one with its key. */
  put(review: StoredReview): Promise<void>;
  delete(key: ReviewKey): Promise<void>;
  forRelease(release: string): Promise<StoredReview[]>;
  forRun(release: string, run: string): Promise<StoredReview[]>;
  close(): void;
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed"));
  });
}

/** Resolves when the transaction has committed, so a reload right after a write finds it. */
function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error("IndexedDB transaction failed"));
    tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
  });
}

function openDb(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(DB_NAME, DB_VERSION);
  request.onupgradeneeded = () => {
    const store = request.result.createObjectStore(STORE, { keyPath: ["release", "run", "signature", "steps"] });
    store.createIndex(BY_RELEASE, "release");
    store.createIndex(BY_RUN, ["release", "run"]);
  };
  return done(request);
}

/** Opens the reviews of this browser; `factory` is the page's indexedDB unless a test gives another. */
export async function openReviewStore(factory: IDBFactory = indexedDB): Promise<ReviewStore> {
  const db = await openDb(factory);
  const write = async (change: (store: IDBObjectStore) => void) => {
    const tx = db.transaction(STORE, "readwrite");
    change(tx.objectStore(STORE));
    await committed(tx);
  };
  const read = (index: string, key: IDBValidKey) =>
    done(db.transaction(STORE, "readonly").objectStore(STORE).index(index).getAll(key)) as Promise<StoredReview[]>;
  return {
    put: (review) => write((s) => s.put(review)),
    delete: (key) => write((s) => s.delete(key)),
    forRelease: (release) => read(BY_RELEASE, release),
    forRun: (release, run) => read(BY_RUN, [release, run]),
    close: () => db.close(),
  };
}

let shared: Promise<ReviewStore> | null = null;

/** The page's one store, opened on first use (a failed open is tried again on the next call). */
export function reviewStore(): Promise<ReviewStore> {
  shared ??= openReviewStore().catch((err: unknown) => {
    shared = null;
    throw err;
  });
  return shared;
}
